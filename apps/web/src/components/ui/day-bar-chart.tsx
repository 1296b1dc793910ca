import { useId } from 'react';
import { formatCalendarDate, formatNumber } from '../../lib/format';

export type ChartSeries = {
  label: string;
  /** The SVG fill of its bars, e.g. `fill-teal-700`. */
  barClassName: string;
  /** The legend's swatch, the same colour as a background, e.g. `bg-teal-700`. */
  swatchClassName: string;
};

export type ChartDay = {
  /** YYYY-MM-DD. */
  date: string;
  /** One value per series, in the series' order. */
  values: number[];
  /** The bar's tooltip (its <title>). */
  title: string;
  /** The hidden table's cells after the date, one per column. */
  cells: number[];
};

type DayBarChartProps = {
  title: string;
  summary: string;
  series: ChartSeries[];
  days: ChartDay[];
  /** Stacked: one bar a day, the first series at its foot. Grouped: the series side by side. */
  layout?: 'stacked' | 'grouped';
  /** The hidden table's column headers: the date's, then one per cell. */
  columns: [string, ...string[]];
  /** Under the last bar, e.g. "Today". */
  endLabel: string;
};

// Drawing units; the SVG stretches to its box (preserveAspectRatio none), and nothing in it is text.
const BAR = 10;
const GAP = 3;
const HEIGHT = 100;
/** A day with something never draws thinner than this, however busy the busiest day. */
const MIN_BAR = 3;

/**
 * Values per day as bars (the 30-day charts of /overview and /admin). The SVG is hidden from
 * assistive technology: its text alternative is the caption's summary and the visually hidden
 * table with the same numbers. Each day has a <title>, the tooltip a pointer shows over its column.
 */
export function DayBarChart({ title, summary, series, days, layout = 'stacked', columns, endLabel }: DayBarChartProps) {
  const captionId = useId();
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const max = Math.max(1, ...days.map((day) => (layout === 'stacked' ? sum(day.values) : Math.max(0, ...day.values))));
  const width = days.length * (BAR + GAP) - GAP;
  const height = (value: number) => (value <= 0 ? 0 : Math.max(MIN_BAR, (value / max) * HEIGHT));

  return (
    <figure aria-labelledby={captionId} className="mt-6">
      <figcaption id={captionId}>
        <span className="block text-sm font-medium text-slate-900">{title}</span>
        <span className="block text-sm text-slate-600">{summary}</span>
      </figcaption>
      <div className="mt-4 flex gap-2" aria-hidden="true">
        {/* The scale: the busiest day's figure at the top, zero at the foot. */}
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
            return (
              <g key={day.date} data-date={day.date} data-total={sum(day.values)}>
                <title>{day.title}</title>
                {/* Transparent, the column's full height: the tooltip shows on empty days too. */}
                <rect x={x - GAP / 2} y={0} width={BAR + GAP} height={HEIGHT} fill="transparent" />
                {layout === 'stacked' ? <Stacked day={day} x={x} series={series} height={height} /> : null}
                {layout === 'grouped'
                  ? day.values.map((value, s) => {
                      const w = BAR / day.values.length;
                      const h = height(value);
                      return (
                        <rect
                          key={series[s]?.label ?? s}
                          x={x + s * w}
                          y={HEIGHT - h}
                          width={w}
                          height={h}
                          className={series[s]?.barClassName}
                        />
                      );
                    })
                  : null}
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
        <span>{endLabel}</span>
      </div>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden="true">
        {series.map((s) => (
          <li key={s.label} className="flex items-center gap-1.5">
            <span className={`size-2.5 rounded-sm ${s.swatchClassName}`} />
            {s.label}
          </li>
        ))}
      </ul>
      <table className="sr-only">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatCalendarDate(day.date)}</th>
              {day.cells.map((cell, c) => (
                <td key={columns[c + 1] ?? c}>{formatNumber(cell)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** One bar of the day's total height, cut into the series' shares from the foot up. */
function Stacked({
  day,
  x,
  series,
  height,
}: {
  day: ChartDay;
  x: number;
  series: ChartSeries[];
  height: (value: number) => number;
}) {
  const total = day.values.reduce((sum, value) => sum + value, 0);
  const all = height(total);
  let foot = HEIGHT;
  return (
    <>
      {day.values.map((value, s) => {
        const h = total === 0 ? 0 : (value / total) * all;
        foot -= h;
        return (
          <rect key={series[s]?.label ?? s} x={x} y={foot} width={BAR} height={h} className={series[s]?.barClassName} />
        );
      })}
    </>
  );
}
