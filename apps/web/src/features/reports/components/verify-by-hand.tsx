import { MANUAL_VERIFICATION_MESSAGES as M } from '@licensewatch/shared/manual-verification';
import type { Report, ReportStates } from '@licensewatch/shared/reports';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatCalendarDate, physicianName } from '../../../lib/format';
import { useReportLicenses } from '../api/get-report-licenses';
import { useReportStates } from '../api/get-report-states';
import { knownLicenseNumber, needsVerifying, statesVerifiedByHand } from '../manual-verification-display';
import { CopyTextButton } from './copy-text-button';
import { RecordVerificationForm } from './record-verification-form';

type StateRow = ReportStates['states'][number];

function StandingBadge({ row }: { row: StateRow }) {
  const [tone, text] =
    row.outcome === 'verification_due'
      ? ['bg-red-50 text-red-800 ring-red-200', `${M.due} since ${formatCalendarDate(row.verification_due_on)}`]
      : row.outcome === 'verify_by_hand'
        ? ['bg-orange-50 text-orange-900 ring-orange-200', 'Not verified yet']
        : [
            'bg-emerald-50 text-emerald-800 ring-emerald-200',
            row.verification_due_on ? `Verified, due again ${formatCalendarDate(row.verification_due_on)}` : 'Verified',
          ];
  return (
    <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', tone)}>
      {text}
    </span>
  );
}

/** One state whose board a person reads: where to look, what to look for, and the form to record it. */
function StatePanel({
  report,
  row,
  licenseNumber,
  canChange,
}: {
  report: Report;
  row: StateRow;
  licenseNumber: string | null;
  canChange: boolean;
}) {
  const waiting = needsVerifying(row);
  // A state verified and not due folds away until the person opens it to verify again.
  const [open, setOpen] = useState(waiting);
  const [recording, setRecording] = useState(false);
  const bodyId = useId();
  const headingId = useId();
  const board = row.board;
  if (!board) return null;
  const physician = physicianName(report);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="verify-by-hand-state">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {row.state} <span className="font-normal text-slate-600">· {board.name}</span>
          </h3>
          <div className="mt-1">
            <StandingBadge row={row} />
          </div>
        </div>
        {waiting ? null : (
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Close' : `Verify ${row.state} again`}
          </Button>
        )}
      </div>
      <div id={bodyId} hidden={!open} className="mt-3 space-y-3 text-sm">
        {board.detail ? <p className="text-slate-700">{board.detail}</p> : null}
        <p>
          <a
            href={board.lookup_url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-10 items-center gap-1 font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-900"
          >
            Open {board.name} look-up
            <span className="sr-only"> (opens in a new tab)</span>
            <svg
              viewBox="0 0 20 20"
              className="size-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M11 4h5v5M16 4l-7 7M14 12v4H4V6h4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </a>
        </p>
        <dl className="grid gap-2 sm:grid-cols-2">
          <div className="flex flex-wrap items-center gap-2">
            <dt className="text-slate-600">Physician</dt>
            <dd className="font-medium break-words text-slate-900" data-testid="verify-physician">
              {physician}
            </dd>
            <dd>
              <CopyTextButton text={physician} what="Physician's name" />
            </dd>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <dt className="text-slate-600">License number</dt>
            {licenseNumber ? (
              <>
                <dd className="font-mono font-semibold break-all text-slate-900">{licenseNumber}</dd>
                <dd>
                  <CopyTextButton text={licenseNumber} what="License number" />
                </dd>
              </>
            ) : (
              <dd className="text-slate-600">not known yet: search by name</dd>
            )}
          </div>
        </dl>
        {!canChange ? (
          <p className="text-slate-600">Only members who may change the organisation’s reports record verifications.</p>
        ) : recording ? (
          <RecordVerificationForm
            reportId={report.id}
            state={row.state}
            boardName={board.name}
            licenseNumber={licenseNumber}
            onRecorded={() => setRecording(false)}
          />
        ) : (
          <Button onClick={() => setRecording(true)} aria-label={`Record verification for ${row.state}`}>
            Record verification
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * "Verify by hand" (docs/product-rules.md, Verification by hand): for each state of the report whose
 * board no machine may read (or an operator switched off), the board's look-up, the physician's name
 * and license number ready to copy, and the form to record what the board shows, with its evidence.
 * States waiting for a person come first, open; those verified and not due fold away.
 */
export function VerifyByHand({
  report,
  canChange,
  className,
}: {
  report: Report;
  canChange: boolean;
  className?: string;
}) {
  const states = useReportStates(report.id);
  const licenses = useReportLicenses(report.id);
  const headingId = useId();
  const rows = statesVerifiedByHand(states.data?.states ?? []);
  if (rows.length === 0) return null;
  const waiting = rows.filter(needsVerifying).length;
  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-xl border border-orange-200 bg-orange-50/60 p-4 sm:p-5', className)}
      data-testid="verify-by-hand"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Verify by hand{waiting > 0 ? ` (${waiting} waiting)` : ''}
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-700">
        LicenseWatch does not read these boards by machine: each says why below. Look the license up on the board’s own
        page, save the page as a PDF or a screenshot, and record what it says: it is tracked like any other license and
        is due to be checked again 30 days later.
      </p>
      <ul className="mt-4 grid gap-3 lg:grid-cols-2">
        {rows.map((row) => (
          <StatePanel
            key={row.state}
            report={report}
            row={row}
            licenseNumber={knownLicenseNumber(licenses.data ?? [], row.state)}
            canChange={canChange}
          />
        ))}
      </ul>
    </section>
  );
}
