import {
  ADMIN_ACTION_LABELS,
  ADMIN_ACTIONS,
  ADMIN_PAGE_SIZE,
  type AdminAction,
  type AdminAuditEntry,
} from '@licensewatch/shared/admin';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { InputField, SelectField } from '../../../components/ui/form-field';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { Spinner } from '../../../components/ui/spinner';
import { tableHeadCellClass } from '../../../components/ui/table-styles';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { type AdminActionsFilter, useAdminActions } from '../api/list-admin-actions';
import { describeAuditChange } from '../describe-audit-change';

function AuditRow({ entry }: { entry: AdminAuditEntry }) {
  return (
    <tr className="border-b border-slate-200 last:border-b-0 align-top">
      <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDateTime(entry.created_at)}</td>
      <td className="px-4 py-3 text-slate-900">{entry.actor_email}</td>
      <td className="px-4 py-3 font-medium text-slate-900">{ADMIN_ACTION_LABELS[entry.action]}</td>
      <td className="px-4 py-3 text-slate-700">
        {entry.target_label}
        {entry.target_type === 'setting' ? <span className="block text-xs text-slate-500">Setting</span> : null}
      </td>
      <td className="px-4 py-3 text-slate-700">
        <ul className="space-y-0.5">
          {describeAuditChange(entry.before, entry.after).map((line) => (
            <li key={line} className="font-mono text-xs">
              {line}
            </li>
          ))}
        </ul>
        {entry.reason ? (
          <p className="mt-1 max-w-xs text-xs break-words text-slate-700" data-testid="audit-reason">
            <span className="font-medium">Reason:</span> {entry.reason}
          </p>
        ) : null}
      </td>
      <td className="px-4 py-3 whitespace-nowrap font-mono text-xs text-slate-600">{entry.ip ?? '-'}</td>
    </tr>
  );
}

const columns = ['When', 'Administrator', 'Action', 'Target', 'Change', 'IP address'];

/**
 * Every administrator action, newest first (docs/decisions/018): read-only, filtered by action,
 * by kind of target and by an email or setting name, a page at a time.
 */
export function AdminAuditLog() {
  const [filter, setFilter] = useState<AdminActionsFilter>({ page: '1' });
  const [search, setSearch] = useState('');
  const actions = useAdminActions(filter);
  const page = Number(filter.page);
  const data = actions.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / ADMIN_PAGE_SIZE)) : 1;

  const applySearch = (event: FormEvent) => {
    event.preventDefault();
    setFilter((f) => ({ ...f, q: search.trim() || undefined, page: '1' }));
  };

  let body: ReactNode;
  if (actions.isPending) {
    body = (
      <div className="flex justify-center p-8 text-teal-700">
        <Spinner className="[&_svg]:size-6" label="Loading the audit log" />
      </div>
    );
  } else if (actions.isError || !data) {
    body = (
      <div className="space-y-4 p-6">
        <Alert tone="error">The audit log could not be loaded. Please try again later.</Alert>
        <Button variant="secondary" pending={actions.isFetching} onClick={() => actions.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (data.entries.length === 0) {
    body = (
      <div className="p-6 text-center">
        <p className="font-semibold text-slate-900">No administrator actions</p>
        <p className="mt-1 text-sm text-slate-600">
          {filter.action || filter.q || filter.target_type
            ? 'Nothing matches these filters.'
            : 'Setting changes, account status changes, deletions and credit changes appear here.'}
        </p>
      </div>
    );
  } else {
    body = (
      <ScrollRegion label="Audit log table">
        <table className="w-full min-w-[56rem] text-left text-sm" aria-busy={actions.isFetching}>
          <caption className="sr-only">Administrator actions, newest first</caption>
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className={tableHeadCellClass}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    );
  }

  return (
    <div>
      <div className="grid gap-3 sm:grid-cols-[14rem_13rem_1fr] sm:items-end">
        <SelectField
          label="Action"
          value={filter.action ?? ''}
          onChange={(e) => setFilter((f) => ({ ...f, action: e.target.value || undefined, page: '1' }))}
        >
          <option value="">All actions</option>
          {ADMIN_ACTIONS.map((action: AdminAction) => (
            <option key={action} value={action}>
              {ADMIN_ACTION_LABELS[action]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Target"
          value={filter.target_type ?? ''}
          onChange={(e) => setFilter((f) => ({ ...f, target_type: e.target.value || undefined, page: '1' }))}
        >
          <option value="">Users and settings</option>
          <option value="user">Users</option>
          <option value="setting">Settings</option>
        </SelectField>
        <form onSubmit={applySearch} className="flex items-end gap-2">
          <div className="flex-1">
            <InputField
              label="Email or setting"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="name@example.com"
            />
          </div>
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      </div>
      <div className="mt-4 rounded-xl border border-slate-200 bg-white">{body}</div>
      {data && data.total > 0 ? (
        <nav
          aria-label="Audit log pages"
          className="mt-3 flex items-center justify-between gap-3 text-sm text-slate-600"
        >
          <span>
            {`Showing ${formatNumber((page - 1) * ADMIN_PAGE_SIZE + 1)}–${formatNumber(
              Math.min(page * ADMIN_PAGE_SIZE, data.total),
            )} of ${formatNumber(data.total)}`}
          </span>
          <span className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={page <= 1}
              onClick={() => setFilter((f) => ({ ...f, page: String(page - 1) }))}
            >
              Previous
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={page >= pages}
              onClick={() => setFilter((f) => ({ ...f, page: String(page + 1) }))}
            >
              Next
            </Button>
          </span>
        </nav>
      ) : null}
    </div>
  );
}
