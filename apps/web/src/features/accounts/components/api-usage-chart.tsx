import { ACCOUNT_MESSAGES } from '@licensewatch/shared/account-messages';
import type { ApiUsage } from '@licensewatch/shared/search-api';
import { useId } from 'react';
import { formatCalendarDate, formatNumber } from '../../../lib/format';

const { apiUsage: messages } = ACCOUNT_MESSAGES;

type Day = ApiUsage['days'][number];

// Drawing units; the SVG stretches to its box (preserveAspectRatio none), and nothing in it is text.
const BAR = 10;
const GAP = 3;
const HEIGHT = 100;
/** A day with calls never draws thinner than this, however busy the busiest day. */
const MIN_BAR = 3;

/**
 * Calls per UTC day over the last 30 days, billed (answered 200) at the foot of each bar, the rest
 * above. The SVG is hidden from assistive technology: its text alternative is the caption's
 * summary and the visually hidden table with the same numbers. Each bar has a <title>, the
 * tooltip a pointer shows over its whole column.
 */
export function ApiUsageChart({ days }: { days: Day[] }) {
  const captionId = useId();
  const max = Math.max(1, ...days.map((day) => day.calls));
  const total = days.reduce((sum, day) => sum + day.calls, 0);
  const busiest = days.reduce<Day | null>((top, day) => (day.calls > (top?.calls ?? 0) ? day : top), null);
  const width = days.length * (BAR + GAP) - GAP;
  const height = (calls: number) => (calls === 0 ? 0 : Math.max(MIN_BAR, (calls / max) * HEIGHT));

  return (
    <figure aria-labelledby={captionId} className="mt-6">
      <figcaption id={captionId}>
        <span className="block text-sm font-medium text-slate-900">{messages.chartTitle}</span>
        <span className="block text-sm text-slate-600">
          {messages.chartSummary(
            total,
            busiest ? { date: formatCalendarDate(busiest.date), calls: busiest.calls } : null,
          )}
        </span>
      </figcaption>
      <div className="mt-4 flex gap-2" aria-hidden="true">
        {/* The scale: the busiest day's count at the top, zero at the foot. */}
        <div className="flex w-8 shrink-0 flex-col justify-between text-right text-xs text-slate-500 tabular-nums">
          <span className="-mt-2">{formatNumber(max)}</span>
          <span className="-mb-2">0</span>
        </div>
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-32 min-w-0 flex-1 overflow-visible"
          aria-hidden="true"
          focusable="false"
        >
          <line
            x1={0}
            x2={width}
            y1={0}
            y2={0}
            className="stroke-slate-200"
            strokeDasharray="4 4"
            vectorEffect="non-scaling-stroke"
          />
          {days.map((day, i) => {
            const x = i * (BAR + GAP);
            const all = height(day.calls);
            const billed = day.calls === 0 ? 0 : (day.billed / day.calls) * all;
            return (
              <g key={day.date} data-date={day.date} data-calls={day.calls}>
                <title>{messages.bar(formatCalendarDate(day.date), day.calls, day.billed)}</title>
                {/* Transparent, the column's full height: the tooltip shows on empty days too. */}
                <rect x={x - GAP / 2} y={0} width={BAR + GAP} height={HEIGHT} fill="transparent" />
                <rect x={x} y={HEIGHT - all} width={BAR} height={all - billed} className="fill-slate-400" />
                <rect x={x} y={HEIGHT - billed} width={BAR} height={billed} className="fill-teal-700" />
              </g>
            );
          })}
          <line
            x1={0}
            x2={width}
            y1={HEIGHT}
            y2={HEIGHT}
            className="stroke-slate-300"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
      </div>
      <div className="mt-1 flex justify-between pl-10 text-xs text-slate-500" aria-hidden="true">
        <span>{formatCalendarDate(days[0]?.date)}</span>
        <span>{messages.today}</span>
      </div>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden="true">
        <li className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-teal-700" />
          {messages.legendBilled}
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-slate-400" />
          {messages.legendUnbilled}
        </li>
      </ul>
      <table className="sr-only">
        <thead>
          <tr>
            <th scope="col">{messages.columns.date}</th>
            <th scope="col">{messages.columns.calls}</th>
            <th scope="col">{messages.columns.billed}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatCalendarDate(day.date)}</th>
              <td>{formatNumber(day.calls)}</td>
              <td>{formatNumber(day.billed)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
