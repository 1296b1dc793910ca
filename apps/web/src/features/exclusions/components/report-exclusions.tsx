import type { ExclusionMatch } from '@licensewatch/shared/exclusions';
import { EXCLUSION_MESSAGES } from '@licensewatch/shared/exclusions-messages';
import { MESSAGES } from '@licensewatch/shared/messages';
import type { Report } from '@licensewatch/shared/reports';
import { type ReactNode, useId, useRef, useState } from 'react';
import { EXCLUSION_TONES } from '../../../components/exclusion-tones';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatCalendarDate } from '../../../lib/format';
import { useReportExclusions } from '../api/get-report-exclusions';
import {
  describeExclusionChecks,
  exclusionStatusText,
  listedExclusionText,
  orderExclusionMatches,
  reinstatedText,
  reviewOutcomeText,
} from '../exclusion-display';
import { ExclusionMatchReview } from './exclusion-match-review';

function ReviewToggle({
  open,
  panelId,
  onToggle,
  children,
}: {
  open: boolean;
  panelId: string;
  onToggle: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={onToggle}
      className="inline-flex items-center gap-1 rounded text-left font-semibold text-amber-900 underline decoration-amber-500 decoration-2 underline-offset-4 hover:text-amber-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
    >
      {children}
      <svg
        viewBox="0 0 20 20"
        className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')}
        fill="currentColor"
        aria-hidden="true"
      >
        <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
      </svg>
    </button>
  );
}

/** "The LEIE lists an entry", "The LEIE and SAM list entries". */
function listedBy(matches: ExclusionMatch[]): string {
  const sources = [...new Set(matches.map((m) => m.source))];
  const verb = sources.length === 1 ? 'lists' : 'list';
  return `The ${sources.join(' and ')} ${verb} ${matches.length === 1 ? 'an entry' : 'entries'}`;
}

function ReviewHistory({ matches }: { matches: ExclusionMatch[] }) {
  if (matches.length === 0) return null;
  return (
    <details className="mt-3 border-t border-slate-200 pt-2 text-sm" data-testid="exclusion-history">
      <summary className="cursor-pointer rounded py-1 font-medium text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600">
        Review history ({matches.length})
      </summary>
      <ul className="mt-2 space-y-2">
        {matches.map((match) => {
          const reinstated = reinstatedText(match);
          return (
            <li key={match.id} className="rounded-md bg-slate-50 px-3 py-2" data-testid="exclusion-history-entry">
              <p className="break-words font-medium text-slate-900">
                {match.source} · {match.name}
                {match.state ? ` · ${match.state}` : ''}
                {match.npi ? ` · NPI ${match.npi}` : ''}
              </p>
              <p className="break-words text-slate-700">
                {listedExclusionText(match)}
                {reinstated ? ` · ${reinstated}` : ''}
              </p>
              <p className="text-slate-600">{reviewOutcomeText(match)}</p>
            </li>
          );
        })}
      </ul>
    </details>
  );
}

/**
 * The physician's standing on the exclusion lists (docs/exclusions.md, Where it shows): one line
 * with the sources checked, the review of possible (name-only) matches, and how each match that
 * is no longer open was settled. Never "not excluded" before a list has been read.
 */
export function ReportExclusions({ report, canChange }: { report: Report; canChange: boolean }) {
  const exclusions = useReportExclusions(report.id);
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const panelId = useId();
  const statusLine = useRef<HTMLDivElement>(null);

  let body: ReactNode;
  let details: ReactNode = null;
  if (exclusions.isPending) {
    body = (
      <div role="status" className="space-y-1.5 py-0.5">
        <span className="sr-only">Loading the exclusion check…</span>
        <div aria-hidden="true" className="h-4 w-80 max-w-full rounded bg-slate-200/70 motion-safe:animate-pulse" />
        <div aria-hidden="true" className="h-3 w-56 max-w-full rounded bg-slate-200/70 motion-safe:animate-pulse" />
      </div>
    );
  } else if (exclusions.isError) {
    body = (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p role="alert" className="text-red-700">
          We couldn&apos;t load the exclusion check:{' '}
          {exclusions.error instanceof Error ? exclusions.error.message : MESSAGES.general.fallback}
        </p>
        <Button size="sm" variant="secondary" pending={exclusions.isFetching} onClick={() => exclusions.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else {
    const data = exclusions.data;
    const tone = EXCLUSION_TONES[data.status];
    const matches = orderExclusionMatches(data.matches);
    const possible = matches.filter((m) => m.status === 'possible');
    const reinstated = matches.filter((m) => reinstatedText(m));
    const toggle = () => setOpen(!open);
    body = (
      <>
        <div ref={statusLine} tabIndex={-1} className="flex items-start gap-2 rounded focus:outline-none">
          <span aria-hidden="true" className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', tone.dot)} />
          <span data-testid="exclusion-status" className={cn('min-w-0 break-words font-medium', tone.text)}>
            {data.status === 'possible_match' && possible.length > 0 ? (
              <ReviewToggle open={open} panelId={panelId} onToggle={toggle}>
                {EXCLUSION_MESSAGES.possibleMatch}
              </ReviewToggle>
            ) : (
              exclusionStatusText(data)
            )}
          </span>
        </div>
        <div className="space-y-1 pl-4.5">
          {data.status === 'not_excluded' ? null : (
            <p className="text-xs text-slate-600" data-testid="exclusion-sources">
              {describeExclusionChecks(data.sources, ' · ')}
            </p>
          )}
          {reinstated.map((m) => (
            <p key={m.id} className="text-xs text-slate-700" data-testid="exclusion-reinstated">
              {reinstatedText(m)}: excluded on the {m.source} from{' '}
              {formatCalendarDate(m.excluded_on, 'an unknown date')} ({m.type_label})
            </p>
          ))}
          {data.status !== 'possible_match' && possible.length > 0 ? (
            <p className="text-sm">
              <ReviewToggle open={open} panelId={panelId} onToggle={toggle}>
                {possible.length === 1
                  ? 'Also a possible match — review'
                  : `Also ${possible.length} possible matches — review`}
              </ReviewToggle>
            </p>
          ) : null}
        </div>
      </>
    );
    details = (
      <>
        <div
          id={panelId}
          hidden={!open || possible.length === 0}
          className="mt-3 space-y-3 border-t border-slate-200 pt-3"
        >
          <p className="max-w-3xl text-sm text-slate-700">
            {listedBy(possible)} with this physician&apos;s first and last name in one of the report&apos;s states, and
            no pair of NPIs tells whether it is the same person. Compare, then confirm or dismiss.
          </p>
          {possible.map((match) => (
            <ExclusionMatchReview
              key={match.id}
              report={report}
              match={match}
              canDecide={canChange}
              onDecided={() => statusLine.current?.focus()}
            />
          ))}
        </div>
        <ReviewHistory matches={matches.filter((m) => m.status !== 'possible')} />
      </>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white px-4 py-3"
      data-testid="report-exclusions"
    >
      <div className="flex flex-col gap-1 text-sm sm:flex-row sm:gap-4">
        <h2 id={headingId} className="shrink-0 text-sm font-semibold text-slate-900 sm:w-24">
          Exclusions
        </h2>
        <div className="min-w-0 flex-1">{body}</div>
      </div>
      {details}
    </section>
  );
}
