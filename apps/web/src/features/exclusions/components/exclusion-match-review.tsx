import type { ExclusionMatch } from '@licensewatch/shared/exclusions';
import { EXCLUSION_MESSAGES } from '@licensewatch/shared/exclusions-messages';
import { MESSAGES } from '@licensewatch/shared/messages';
import type { Report } from '@licensewatch/shared/reports';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { formatCalendarDate, physicianName } from '../../../lib/format';
import { useConfirmExclusionMatch } from '../api/confirm-exclusion-match';
import { useDismissExclusionMatch } from '../api/dismiss-exclusion-match';

const failure = (error: unknown) => (error instanceof Error ? error.message : MESSAGES.general.fallback);

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-x-3 py-0.5">
      <dt className="text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** Not a landmark: every match's card has its own "This report", and landmarks must differ. */
function Side({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-3" data-testid={testId}>
      <h4 className="mb-1.5 text-sm font-semibold text-slate-900">{title}</h4>
      <dl className="text-sm">{children}</dl>
    </div>
  );
}

/**
 * Screening settles a name-only match by NPI when both sides have one (the same NPI confirms it, a
 * different one removes it); a list entry without an NPI stays for a person to review whatever the
 * report's NPI.
 */
function npiHint(report: Report, match: ExclusionMatch): string {
  if (!match.npi)
    return 'The list gives no NPI for this entry, so only a review settles it: adding the physician’s NPI does not.';
  if (!report.npi)
    return 'Adding the physician’s NPI settles this automatically: the same NPI confirms it, a different one removes it.';
  return 'Compare the NPIs above.';
}

/**
 * One possible (name-only) exclusion match: the report's physician and the list's entry side by
 * side, for a person to say whether they are the same (docs/exclusions.md, Review). A viewer sees
 * the evidence without the decision.
 */
export function ExclusionMatchReview({
  report,
  match,
  canDecide,
  onDecided,
}: {
  report: Report;
  match: ExclusionMatch;
  canDecide: boolean;
  /** Called once decided: these buttons unmount, so the caller places focus elsewhere. */
  onDecided: () => void;
}) {
  const confirm = useConfirmExclusionMatch(report.id);
  const dismiss = useDismissExclusionMatch(report.id);
  const [error, setError] = useState<string>();
  const busy = confirm.isPending || dismiss.isPending;
  const headingId = useId();
  // mutateAsync, not mutate's callbacks: the decided match (this card) unmounts on success.
  const decide = async (mutation: typeof confirm | typeof dismiss, done: string) => {
    setError(undefined);
    try {
      await mutation.mutateAsync(match.id);
      toast.success(done);
      onDecided();
    } catch (e) {
      setError(failure(e));
    }
  };
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-lg border border-amber-200 bg-amber-50/60 p-3 sm:p-4"
      data-testid="exclusion-match"
    >
      <h3 id={headingId} className="sr-only">
        Possible match: {match.name} on the {match.source}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <Side title="This report" testId="exclusion-evidence-report">
          <Fact label="Physician">{physicianName(report)}</Fact>
          <Fact label="NPI">{report.npi ?? 'No NPI'}</Fact>
          <Fact label="States">{report.states.join(', ')}</Fact>
          <Fact label="License type">{report.license_type}</Fact>
        </Side>
        <Side title={`List entry (${match.source})`} testId="exclusion-evidence-entry">
          <Fact label="Name">{match.name}</Fact>
          <Fact label="NPI">{match.npi ?? 'none'}</Fact>
          {/* SAM has no specialty: the server gives its program and agency in that field. */}
          <Fact label={match.source === 'SAM' ? 'Program, agency' : 'Specialty'}>{match.specialty ?? '-'}</Fact>
          <Fact label="City">{match.city ?? '-'}</Fact>
          <Fact label="State">{match.state ?? '-'}</Fact>
          <Fact label="Excluded since">{formatCalendarDate(match.excluded_on, 'No date')}</Fact>
          <Fact label="Type">{match.type_label}</Fact>
          {match.reinstated_on ? <Fact label="Reinstated">{formatCalendarDate(match.reinstated_on)}</Fact> : null}
        </Side>
      </div>
      <p className="mt-3 text-sm text-slate-700" data-testid="exclusion-npi-hint">
        {npiHint(report, match)}
      </p>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {canDecide ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            size="sm"
            pending={confirm.isPending}
            disabled={busy}
            onClick={() => decide(confirm, EXCLUSION_MESSAGES.confirmed)}
          >
            Confirm — this is the physician
          </Button>
          <Button
            size="sm"
            variant="secondary"
            pending={dismiss.isPending}
            disabled={busy}
            onClick={() => decide(dismiss, EXCLUSION_MESSAGES.dismissed)}
          >
            Dismiss — not this physician
          </Button>
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-700">
          A member who can change this organisation&apos;s reports confirms or dismisses it.
        </p>
      )}
    </article>
  );
}
