import { licenseStatusLabel } from '@licensewatch/shared/licenses';
import { MESSAGES } from '@licensewatch/shared/messages';
import type { ReportCandidate } from '@licensewatch/shared/reports';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { formatCalendarDate } from '../../../lib/format';
import { useConfirmCandidate } from '../api/confirm-candidate';
import { useReportCandidates } from '../api/get-report-candidates';
import { useRejectCandidate } from '../api/reject-candidate';
import { useReopenCandidate } from '../api/reopen-candidate';

const failure = (error: unknown) => (error instanceof Error ? error.message : MESSAGES.general.fallback);

const licenseOf = (candidate: ReportCandidate) => `license ${candidate.license_number} (${candidate.state})`;
/** The same, opening a sentence. */
const licenseTitle = (candidate: ReportCandidate) => `License ${candidate.license_number} (${candidate.state})`;

function Decision({
  reportId,
  candidate,
  onRejected,
}: {
  reportId: string;
  candidate: ReportCandidate;
  onRejected: (candidate: ReportCandidate) => void;
}) {
  const confirm = useConfirmCandidate(reportId);
  const reject = useRejectCandidate(reportId);
  const [asking, setAsking] = useState(false);
  const busy = confirm.isPending || reject.isPending;
  const which = licenseOf(candidate);
  const onConfirm = async () => {
    // mutateAsync, not mutate's callbacks: the decided candidate (these buttons) unmounts on success.
    try {
      await confirm.mutateAsync(candidate.id);
      toast.success(MESSAGES.reports.candidateConfirmed);
    } catch (error) {
      toast.error(MESSAGES.reports.confirmFailed(failure(error)));
    }
  };
  const onReject = async () => {
    try {
      await reject.mutateAsync(candidate.id);
      setAsking(false);
      onRejected(candidate);
      toast.success(MESSAGES.reports.candidateRejected);
    } catch (error) {
      setAsking(false);
      toast.error(MESSAGES.reports.rejectFailed(failure(error)));
    }
  };
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
        disabled={busy}
        aria-label={`Reject ${which}: it is not this physician's`}
        onClick={() => setAsking(true)}
      >
        Reject
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={MESSAGES.reports.rejectConfirmTitle}
        confirmLabel="Reject"
        pendingLabel="Rejecting…"
        pending={reject.isPending}
        onConfirm={onReject}
      >
        {MESSAGES.reports.rejectConfirmBody(licenseTitle(candidate))}
      </ConfirmDialog>
    </div>
  );
}

/** Right after a rejection: what was rejected, and a way back. */
function UndoRejection({
  reportId,
  candidate,
  onDone,
}: {
  reportId: string;
  candidate: ReportCandidate;
  onDone: () => void;
}) {
  const reopen = useReopenCandidate(reportId);
  const undo = async () => {
    try {
      await reopen.mutateAsync(candidate.id);
      onDone();
      toast.success(MESSAGES.reports.candidateReopened);
    } catch (error) {
      toast.error(MESSAGES.reports.reopenFailed(failure(error)));
    }
  };
  return (
    <p
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm text-slate-700"
      data-testid="rejected-match"
    >
      {MESSAGES.reports.rejectedUndoLine(licenseTitle(candidate))}
      <Button size="sm" variant="secondary" pending={reopen.isPending} onClick={undo}>
        Undo
      </Button>
    </p>
  );
}

/**
 * Licenses the matcher found but could not decide on (docs/product-rules.md, Possible matches),
 * each with the board's evidence and why, for the user to confirm (tracked from then on) or reject
 * (asked first; never shown again for this report, unless undone right after). Nothing is
 * attached without that; nothing is shown while there are none and nothing was just rejected.
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
  const [rejected, setRejected] = useState<ReportCandidate | null>(null);
  const rows = candidates.data ?? [];
  if (rows.length === 0 && !rejected) return null;
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
        The boards list these licenses under {physician}&apos;s name or one like it, but nothing on record is enough to
        be sure they are this physician&apos;s. Compare the board&apos;s details with what you know; confirm one to
        track it, or reject it and it is not shown again for this report.
      </p>
      {rejected ? (
        <div className="mt-3">
          <UndoRejection reportId={reportId} candidate={rejected} onDone={() => setRejected(null)} />
        </div>
      ) : null}
      {rows.length > 0 ? (
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
                <p className="text-slate-700" data-testid="possible-match-dates">
                  <span className="text-slate-600">Issued </span>
                  {formatCalendarDate(candidate.issued, 'No date')}
                  <span className="text-slate-600"> · Expires </span>
                  {formatCalendarDate(candidate.expires, 'No date')}
                </p>
                <p className="text-slate-700">
                  <span className="text-slate-600">Board status: </span>
                  {candidate.board_status_text ?? licenseStatusLabel(candidate.board_status)}
                </p>
                <p className="text-slate-800" data-testid="possible-match-why">
                  <span className="text-slate-600">Why not certain: </span>
                  {candidate.why}
                </p>
              </div>
              <Decision reportId={reportId} candidate={candidate} onRejected={setRejected} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
