import { ACCOUNT_MESSAGES } from '@licensewatch/shared/account-messages';
import type { ApiUsage } from '@licensewatch/shared/search-api';
import { DayBarChart } from '../../../components/ui/day-bar-chart';
import { formatCalendarDate } from '../../../lib/format';

const { apiUsage: messages } = ACCOUNT_MESSAGES;

type Day = ApiUsage['days'][number];

/**
 * Calls per UTC day over the last 30 days, billed (answered 200) at the foot of each bar, the rest
 * above; each bar titled with the day's numbers, which the hidden table repeats.
 */
export function ApiUsageChart({ days }: { days: Day[] }) {
  const total = days.reduce((sum, day) => sum + day.calls, 0);
  const busiest = days.reduce<Day | null>((top, day) => (day.calls > (top?.calls ?? 0) ? day : top), null);
  return (
    <DayBarChart
      title={messages.chartTitle}
      summary={messages.chartSummary(
        total,
        busiest ? { date: formatCalendarDate(busiest.date), calls: busiest.calls } : null,
      )}
      series={[
        { label: messages.legendBilled, barClassName: 'fill-teal-700', swatchClassName: 'bg-teal-700' },
        { label: messages.legendUnbilled, barClassName: 'fill-slate-400', swatchClassName: 'bg-slate-400' },
      ]}
      days={days.map((day) => ({
        date: day.date,
        values: [day.billed, day.calls - day.billed],
        title: messages.bar(formatCalendarDate(day.date), day.calls, day.billed),
        cells: [day.calls, day.billed],
      }))}
      columns={[messages.columns.date, messages.columns.calls, messages.columns.billed]}
      endLabel={messages.today}
    />
  );
}
