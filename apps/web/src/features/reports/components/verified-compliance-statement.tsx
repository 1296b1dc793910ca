import {
  COMPLIANCE_GAP_REASONS,
  COMPLIANCE_GAP_WORDS,
  type ComplianceStatement,
} from '@licensewatch/shared/compliance';
import { Alert } from '../../../components/ui/alert';
import { Container } from '../../../components/ui/container';
import { formatDateTimeWithZone } from '../../../lib/format';
import { PageTitle } from '../../../session/page-title';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 py-1.5 sm:grid-cols-[11rem_1fr] sm:gap-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * The public confirmation of a monthly compliance statement (ADR 043): what it said when issued,
 * from the stored snapshot — the month, the ledger's head hash it anchors, the counts and each gap.
 */
export function VerifiedComplianceStatement({
  statement: s,
  brandName,
}: {
  statement: ComplianceStatement;
  brandName: string;
}) {
  const gaps = s.reports.flatMap((report) =>
    [...report.licenses, ...report.lists].filter((line) => line.gap).map((line) => ({ report, line })),
  );
  return (
    <Container className="max-w-3xl py-10">
      <PageTitle title={`Compliance statement ${s.id}`} />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Compliance statement confirmed</h1>
      <p className="mt-2 text-slate-700">
        {brandName} issued this monthly compliance statement on{' '}
        <time dateTime={s.issued_at}>{formatDateTimeWithZone(s.issued_at)}</time>. Below is exactly what it said; if
        your copy differs, it is not the statement we issued.
      </p>
      {s.simulated ? (
        <Alert tone="warning" className="mt-4">
          Test data: these checks were read from the board simulator, not from a licensing board.
        </Alert>
      ) : null}
      <dl
        className="mt-6 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-slate-50 px-4 py-2"
        data-testid="verified-compliance"
      >
        <Field label="Statement ID">
          <span className="font-mono break-all">{s.id}</span>
        </Field>
        <Field label="Workspace">{s.workspace}</Field>
        <Field label="Month">{s.month} (UTC)</Field>
        <Field label="Ledger head">
          {s.head ? (
            <>
              Entry {s.head.seq}, SHA-256 <span className="font-mono text-xs break-all">{s.head.hash}</span>
            </>
          ) : (
            'No entry by the end of the month'
          )}
        </Field>
        <Field label="Reports">{s.summary.reports}</Field>
        <Field label="Licenses checked">
          {s.summary.licenses_checked} of {s.summary.licenses_total}
        </Field>
        <Field label="Lists checked">
          {s.summary.lists_checked} of {s.summary.lists_total}
        </Field>
        {COMPLIANCE_GAP_REASONS.filter((reason) => s.summary.gaps[reason] > 0).map((reason) => (
          <Field key={reason} label={`Gaps: ${COMPLIANCE_GAP_WORDS[reason]}`}>
            {s.summary.gaps[reason]}
          </Field>
        ))}
        <Field label="Snapshot SHA-256">
          <span className="font-mono text-xs break-all">{s.sha256}</span>
        </Field>
      </dl>
      <h2 className="mt-8 mb-3 text-lg font-semibold text-slate-900">Gaps</h2>
      {gaps.length === 0 ? (
        <p className="text-slate-600">None: every license and list was checked in the month.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {gaps.map(({ report, line }) => (
            <li
              key={`${report.report_id}-${line.state}-${line.license_number}-${line.source}`}
              className="px-4 py-2 text-sm"
            >
              <span className="font-medium text-slate-900">{report.physician}</span>
              {' — '}
              {line.state ? `${line.state} ${line.license_number ?? ''}` : line.source}:{' '}
              <span className="font-semibold text-red-700">{line.gap ? COMPLIANCE_GAP_WORDS[line.gap] : ''}</span>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
