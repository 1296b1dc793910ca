import { isComplianceStatement } from '@licensewatch/shared/compliance';
import { MESSAGES } from '@licensewatch/shared/messages';
import type { VerifiedLicense } from '@licensewatch/shared/reports';
import { useId } from 'react';
import { useParams } from 'react-router';
import { EXCLUSION_TONES } from '../../../components/exclusion-tones';
import { Alert } from '../../../components/ui/alert';
import { Container } from '../../../components/ui/container';
import { PageSpinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { formatCalendarDate, formatDateTimeWithZone } from '../../../lib/format';
import { useBrandName } from '../../../session/get-app-settings';
import { PageTitle } from '../../../session/page-title';
import { useVerification } from '../api/get-verification';
import {
  VERIFIED_STANDING,
  type VerifiedExclusions,
  verifiedCheckText,
  verifiedMatchRows,
} from '../verified-exclusion-display';
import { VerifiedComplianceStatement } from './verified-compliance-statement';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 py-1.5 sm:grid-cols-[11rem_1fr] sm:gap-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

function LicenseCard({ license }: { license: VerifiedLicense }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" data-testid="verified-license">
      <h3 className="font-semibold text-slate-900">
        {license.state} {license.license_type} license <span className="font-mono">{license.license_number}</span>
      </h3>
      <dl className="mt-2 divide-y divide-slate-100">
        <Field label="Name on license">{license.name_on_license}</Field>
        <Field label="Status">{capitalise(license.status)}</Field>
        <Field label="Board's wording">{license.board_status_text ?? 'none published'}</Field>
        <Field label="Issued">{formatCalendarDate(license.issued, 'none published')}</Field>
        <Field label="Expires">{formatCalendarDate(license.expires, 'none published')}</Field>
        <Field label="Discipline">{license.discipline ?? 'none published'}</Field>
        <Field label="Source">
          {license.source.name}
          {license.source.website ? (
            <>
              {' '}
              (<span className="break-all">{license.source.website}</span>)
            </>
          ) : null}
        </Field>
        <Field label="Retrieved">
          {license.verified_by_hand ? (
            // A board no machine may read: a person checked its look-up (docs/product-rules.md, Verification by hand).
            <>
              Verified by hand on {formatCalendarDate(license.verified_by_hand.checked_on)} by{' '}
              {license.verified_by_hand.verified_by}
            </>
          ) : (
            <>
              <time dateTime={license.retrieved_at}>{formatDateTimeWithZone(license.retrieved_at)}</time> (last read
              from the source)
            </>
          )}
        </Field>
      </dl>
    </li>
  );
}

/**
 * The exclusion check the document printed (docs/exclusions.md): the standing, each list's check,
 * and the entries matched and not dismissed, in the PDF's order and words.
 */
function ExclusionCheck({ exclusions }: { exclusions: VerifiedExclusions }) {
  const tone = EXCLUSION_TONES[exclusions.status];
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-8" data-testid="verified-exclusions">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Exclusion check
      </h2>
      <p className="mt-1 text-sm text-slate-600">The federal exclusion lists (HHS-OIG LEIE and SAM.gov) as of issue.</p>
      <dl className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white px-4 py-2">
        <Field label="Standing">
          <span className="flex items-start gap-2">
            <span aria-hidden="true" className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', tone.dot)} />
            <span data-testid="verified-exclusion-status" className={cn('font-medium', tone.text)}>
              {VERIFIED_STANDING[exclusions.status]}
            </span>
          </span>
        </Field>
        <Field label="Lists checked">
          <ul data-testid="verified-exclusion-sources">
            {exclusions.sources.map((check) => (
              <li key={check.name}>{verifiedCheckText(check)}</li>
            ))}
          </ul>
        </Field>
      </dl>
      {exclusions.matches.length > 0 ? (
        <ul className="mt-4 space-y-4">
          {exclusions.matches.map((match, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the snapshot holds no match id, and its order never changes
              key={i}
              className="rounded-lg border border-slate-200 bg-white p-4"
              data-testid="verified-exclusion-match"
            >
              <h3 className="font-semibold text-slate-900">{match.source} entry</h3>
              <dl className="mt-2 divide-y divide-slate-100">
                {verifiedMatchRows(match).map(([label, value]) => (
                  <Field key={label} label={label}>
                    {value}
                  </Field>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * The public confirmation of a verification document: what it said when issued, from the stored
 * snapshot. An id that does not exist says so and shows nothing else (docs/product-rules.md, Verification).
 */
export function VerifyPage() {
  const brandName = useBrandName();
  const { id = '' } = useParams();
  const verification = useVerification(id);

  if (verification.isPending) return <PageSpinner label="Checking the verification…" />;

  if (verification.isError) {
    const missing = isApiError(verification.error, 404);
    return (
      <Container className="max-w-3xl py-10">
        <PageTitle title="Verification not found" />
        <h1 className="mb-4 text-2xl font-bold tracking-tight text-slate-900">
          {missing ? 'Verification not found' : 'Verification unavailable'}
        </h1>
        <Alert tone="error">{missing ? MESSAGES.reports.verificationNotFound : verification.error.message}</Alert>
      </Container>
    );
  }

  const v = verification.data;
  // A monthly compliance statement is confirmed on the same page (ADR 043).
  if (isComplianceStatement(v)) return <VerifiedComplianceStatement statement={v} brandName={brandName} />;
  return (
    <Container className="max-w-3xl py-10">
      <PageTitle title={`Verification ${v.id}`} />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Verification confirmed</h1>
      <p className="mt-2 text-slate-700">
        {brandName} issued this verification on{' '}
        <time dateTime={v.issued_at}>{formatDateTimeWithZone(v.issued_at)}</time>. Below is exactly what the document
        said; if your copy differs, it is not the document we issued.
      </p>
      {v.simulated ? (
        <Alert tone="warning" className="mt-4">
          Test data: these licenses were read from the board simulator, not from a licensing board.
        </Alert>
      ) : null}
      <dl className="mt-6 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-slate-50 px-4 py-2">
        <Field label="Verification ID">
          <span className="font-mono break-all">{v.id}</span>
        </Field>
        <Field label="Physician">
          {v.physician.name} ({v.physician.license_type})
        </Field>
        <Field label="Covers">
          {v.scope === 'report' ? `All tracked licenses of a report (${v.licenses.length})` : 'One license'}
        </Field>
        <Field label="Snapshot SHA-256">
          <span className="font-mono text-xs break-all">{v.sha256}</span>
        </Field>
      </dl>
      {v.exclusions ? <ExclusionCheck exclusions={v.exclusions} /> : null}
      <h2 className="mt-8 mb-3 text-lg font-semibold text-slate-900">Licenses as retrieved</h2>
      {v.licenses.length === 0 ? <p className="text-slate-600">The report had no tracked licenses.</p> : null}
      <ul className="space-y-4">
        {v.licenses.map((license) => (
          <LicenseCard key={`${license.state}-${license.license_number}`} license={license} />
        ))}
      </ul>
      <p className="mt-6 text-sm text-slate-600">
        Each license is shown as its board published it when we last read the record; it may have changed since. For a
        primary-source verification, check the license with the board.
      </p>
    </Container>
  );
}
