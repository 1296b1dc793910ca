import {
  CHECK_INTERVAL_LABELS,
  CHECK_INTERVAL_MESSAGES,
  CHECK_INTERVALS,
  type CheckInterval,
} from '@licensewatch/shared/check-intervals';
import { MESSAGES } from '@licensewatch/shared/messages';
import type { Report } from '@licensewatch/shared/reports';
import { useState } from 'react';
import { SelectField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast';
import { formatDate } from '../../../lib/format';
import { useSetCheckInterval } from '../api/set-check-interval';

const failure = (error: unknown) => (error instanceof Error ? error.message : MESSAGES.general.fallback);

/**
 * When the report was last checked and will next be (docs/product-rules.md, Check interval), as
 * the server tells it: the page counts no days itself. A report's first update is what checks it
 * first, and its next check follows from that one.
 */
function checksLine(report: Report): string {
  const last = report.last_checked_at ? `Last checked ${formatDate(report.last_checked_at)}` : 'Not checked yet';
  const next = !report.last_checked_at
    ? 'Next check after the first update'
    : report.next_check_at
      ? `Next check ${formatDate(report.next_check_at)}`
      : 'No further checks scheduled';
  return `${last} · ${next}`;
}

/**
 * How often the daily refresh checks the report again: a select for those who may change the
 * report, saved as soon as it is chosen, and the interval as words for a viewer.
 */
export function ReportCheckInterval({ report, canChange }: { report: Report; canChange: boolean }) {
  const save = useSetCheckInterval(report.id);
  const [error, setError] = useState<string>();
  const choose = async (interval: CheckInterval) => {
    setError(undefined);
    try {
      await save.mutateAsync(interval);
      // One toast however many times the interval is changed in a row.
      toast.success(CHECK_INTERVAL_MESSAGES.saved(interval), { toastId: 'check-interval-saved' });
    } catch (e) {
      setError(failure(e));
    }
  };
  const line = (
    <p className="text-sm text-slate-600" data-testid="report-checks">
      {canChange ? null : (
        <span className="font-medium text-slate-900">
          Checked {CHECK_INTERVAL_LABELS[report.check_interval].toLowerCase()} ·{' '}
        </span>
      )}
      {checksLine(report)}
    </p>
  );
  if (!canChange) return line;
  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
      <SelectField
        label="Check interval"
        // The choice shows while it saves. Not disabled meanwhile: that would take the focus away
        // from a keyboard user choosing with the arrow keys.
        value={save.isPending && save.variables ? save.variables : report.check_interval}
        error={error}
        onChange={(e) => choose(e.target.value as CheckInterval)}
        className="w-40"
      >
        {CHECK_INTERVALS.map((interval) => (
          <option key={interval} value={interval}>
            {CHECK_INTERVAL_LABELS[interval]}
          </option>
        ))}
      </SelectField>
      <div className="pb-2.5">{line}</div>
      <p role="status" className="pb-2.5 text-sm text-slate-500">
        {save.isPending ? 'Saving…' : ''}
      </p>
    </div>
  );
}
