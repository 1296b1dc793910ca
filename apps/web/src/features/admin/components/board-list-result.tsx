import type { BoardListResult } from '@licensewatch/shared/board-lists';
import { Alert } from '../../../components/ui/alert';
import { formatNumber } from '../../../lib/format';

/** What a check found in the list, or what loading it did. */
export function BoardListResultPanel({ result }: { result: BoardListResult }) {
  const figures: [string, number][] = [
    ['Rows read', result.rows_read],
    ['Rows refused', result.rows_rejected],
    [result.check_only ? 'New licenses' : 'Licenses added', result.licenses_new],
    [result.check_only ? 'Licenses to update' : 'Licenses updated', result.licenses_changed],
    ['Unchanged', result.licenses_unchanged],
  ];
  if (!result.check_only) figures.push(['Recorded as removed', result.licenses_removed]);
  return (
    <section
      aria-labelledby="board-list-result"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h3 id="board-list-result" className="text-base font-semibold text-slate-900">
        {result.check_only ? `Checked: the list of ${result.board_name}` : `Loaded: the list of ${result.board_name}`}
      </h3>
      {result.status === 'failed' ? (
        <Alert tone="error">{result.error}</Alert>
      ) : result.check_only ? (
        <Alert tone="info">Nothing was stored. Load the list to add what the check found.</Alert>
      ) : (
        <Alert tone="success">The list is in the registry: reports find its licenses from now on.</Alert>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 px-3 py-2">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900">{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
      {result.unknown_values.length > 0 ? (
        <div>
          <h4 className="text-sm font-semibold text-slate-900">Wording no vocabulary knows</h4>
          <p className="text-sm text-slate-600">Kept as the board wrote it, with the status unknown.</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {result.unknown_values.map((u) => (
              <li key={`${u.field}:${u.value}`}>
                {u.field} “{u.value}” on {formatNumber(u.rows)} {u.rows === 1 ? 'row' : 'rows'}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.rejected.length > 0 ? (
        <div>
          <h4 className="text-sm font-semibold text-slate-900">
            Refused rows{result.rows_rejected > result.rejected.length ? ` (the first ${result.rejected.length})` : ''}
          </h4>
          <ul className="mt-2 space-y-1 text-sm text-slate-700">
            {result.rejected.map((r) => (
              <li key={r.row}>
                <span className="font-medium">Line {r.row}:</span> {r.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
