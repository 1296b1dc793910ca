import { licenseStatusLabel } from '@licensewatch/shared/licenses';
import { MESSAGES } from '@licensewatch/shared/messages';
import type { ReportCandidate } from '@licensewatch/shared/reports';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { formatCalendarDate } from '../../../lib/format';
import { useConfirmCandidate } from '../api/confirm-candidate';
import { useReportCandidates } from '../api/get-report-candidates';
import { useRejectCandidate } from '../api/reject-candidate';

const failure = (error: unknown) => (error instanceof Error ? error.message : MESSAGES.general.fallback);

function Decision({ reportId, candidate }: { reportId: string; candidate: ReportCandidate }) {
  const confirm = useConfirmCandidate(reportId);
  const reject = useRejectCandidate(reportId);
  const busy = confirm.isPending || reject.isPending;
  const which = `license ${candidate.license_number} (${candidate.state})`;
  // mutateAsync, not mutate's callbacks: the decided candidate (these buttons) unmounts on success.
  const decide = async (mutation: typeof confirm | typeof reject, done: string, failed: (m: string) => string) => {
    try {
      await mutation.mutateAsync(candidate.id);
      toast.success(done);
    } catch (error) {
      toast.error(failed(failure(error)));
    }
  };
  const onConfirm = () => decide(confirm, MESSAGES.reports.candidateConfirmed, MESSAGES.reports.confirmFailed);
  const onReject = () => decide(reject, MESSAGES.reports.candidateRejected, MESSAGES.reports.rejectFailed);
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        pending={confirm.isPending}
        disabled={busy}
        aria-label={`Confirm ${which}: it is this physician's`}
        onClick={onConfirm}
      >
        {confirm.isPending ? 'Confirming…' : 'Confirm'}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        pending={reject.isPending}
        disabled={busy}
        aria-label={`Reject ${which}: it is not this physician's`}
        onClick={onReject}
      >
        {reject.isPending ? 'Rejecting…' : 'Reject'}
      </Button>
    </div>
  );
}

/**
 * Licenses the matcher found but could not decide on (docs/product-rules.md, Possible matches),
 * each with why, for the user to confirm (tracked from then on) or reject (never shown again for
 * this report). Nothing is attached without that; nothing is shown while there are none.
 */
export function PossibleMatches({
  reportId,
  physician,
  className,
}: {
  reportId: string;
  physician: string;
  className?: string;
}) {
  const candidates = useReportCandidates(reportId);
  const headingId = useId();
  const rows = candidates.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-xl border border-violet-200 bg-violet-50/60 p-4 sm:p-5', className)}
      data-testid="possible-matches"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Possible matches ({rows.length})
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-700">
        The boards list these licenses under a name close to {physician}&apos;s, but not close enough to be sure they
        are this physician&apos;s. Confirm one to track it; reject it and it is not shown again for this report.
      </p>
      <ul className="mt-4 grid gap-3 lg:grid-cols-2">
        {rows.map((candidate) => (
          <li
            key={candidate.id}
            className="flex flex-col justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm"
            data-testid="possible-match"
          >
            <div className="min-w-0 space-y-1.5">
              <p className="font-medium text-slate-900">
                {candidate.state} · <span className="font-mono break-all">{candidate.license_number}</span> ·{' '}
                {candidate.license_type}
              </p>
              <p className="text-slate-700">
                <span className="text-slate-600">Name on license: </span>
                <span className="font-medium text-slate-900">{candidate.name_on_license}</span>
              </p>
              <p className="text-slate-700">
                <span className="text-slate-600">Board status: </span>
                {candidate.board_status_text ?? licenseStatusLabel(candidate.board_status)}
                <span className="text-slate-600"> · Expires </span>
                {formatCalendarDate(candidate.expires, 'No date')}
              </p>
              <p className="text-slate-800" data-testid="possible-match-why">
                <span className="text-slate-600">Why not certain: </span>
                {candidate.why}
              </p>
            </div>
            <Decision reportId={reportId} candidate={candidate} />
          </li>
        ))}
      </ul>
    </section>
  );
}
