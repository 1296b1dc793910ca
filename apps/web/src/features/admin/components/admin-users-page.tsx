import { ADMIN_MESSAGES, ADMIN_PAGE_SIZE, ADMIN_USER_STATUSES, type AdminUsersQuery } from '@licensewatch/shared/admin';
import { PLAN_LABELS, PLAN_NAMES } from '@licensewatch/shared/plans';
import { useEffect, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { tableHeadCellClass } from '../../../components/ui/table-styles';
import { formatNumber } from '../../../lib/format';
import { useAdminUsers } from '../api/list-admin-users';
import { AdminSection } from './admin-section';
import { AdminTablePager, AdminTableSkeleton } from './admin-table-parts';
import { AdminUserRow, USER_COLUMNS } from './admin-user-row';
import { DeleteUserDialog } from './delete-user-dialog';

/** Typing settles for this long before the list is asked again. */
const SEARCH_DEBOUNCE_MS = 300;

const selectClasses =
  'mt-1 block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-teal-600 focus:ring-2 focus:ring-teal-600/40 focus:outline-none';

/** The users screen (docs/product-rules.md, Users), with our search, filters and pages on top. */
export function AdminUsersPage() {
  const ids = { search: useId(), status: useId(), plan: useId() };
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<AdminUsersQuery['status']>();
  const [plan, setPlan] = useState<AdminUsersQuery['plan']>();
  const [page, setPage] = useState(1);
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; email: string } | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const { data, isPending, isError, isFetching } = useAdminUsers({ q, status, plan, page });

  // A deletion can empty the last page: step back to the one before.
  useEffect(() => {
    if (data && data.users.length === 0 && data.total > 0 && page > 1) setPage((p) => p - 1);
  }, [data, page]);

  return (
    <AdminSection title="Users" description="Accounts, their status and their credits. Admin accounts are not listed.">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <div>
          <label htmlFor={ids.search} className="block text-sm font-medium text-slate-800">
            Search users
          </label>
          <input
            id={ids.search}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Email or name"
            className={selectClasses}
          />
        </div>
        <div>
          <label htmlFor={ids.status} className="block text-sm font-medium text-slate-800">
            Status
          </label>
          <select
            id={ids.status}
            value={status ?? ''}
            onChange={(event) => {
              setStatus((event.target.value || undefined) as AdminUsersQuery['status']);
              setPage(1);
            }}
            className={selectClasses}
          >
            <option value="">All statuses</option>
            {ADMIN_USER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s === 'active' ? 'Active' : 'Inactive'}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.plan} className="block text-sm font-medium text-slate-800">
            Plan
          </label>
          <select
            id={ids.plan}
            value={plan ?? ''}
            onChange={(event) => {
              setPlan((event.target.value || undefined) as AdminUsersQuery['plan']);
              setPage(1);
            }}
            className={selectClasses}
          >
            <option value="">All plans</option>
            {PLAN_NAMES.map((p) => (
              <option key={p} value={p}>
                {PLAN_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="mt-6">
        {isError ? (
          <Alert tone="error">{ADMIN_MESSAGES.usersLoadError}</Alert>
        ) : isPending ? (
          <AdminTableSkeleton label="Loading users…" />
        ) : data.total === 0 ? (
          <EmptyState title="No users match">
            {q || status || plan ? 'Try another search or clear the filters.' : 'No one has signed up yet.'}
          </EmptyState>
        ) : (
          <>
            <ScrollRegion
              label="Users table"
              className="relative rounded-xl border border-slate-200 bg-white shadow-sm"
            >
              <table className="w-full min-w-[900px] text-left text-sm" aria-busy={isFetching}>
                <thead className="border-b border-slate-200 bg-slate-50">
                  <tr>
                    {USER_COLUMNS.map((column) => (
                      <th key={column} scope="col" className={tableHeadCellClass}>
                        {column === 'Actions' ? <span className="sr-only">Actions</span> : column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.users.map((user) => (
                    <AdminUserRow
                      key={user.id}
                      user={user}
                      expanded={expandedId === user.id}
                      onToggle={() => setExpandedId((id) => (id === user.id ? null : user.id))}
                      onDelete={() => setDeleting({ id: user.id, email: user.email })}
                    />
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            <AdminTablePager
              label="Users pages"
              page={data.page}
              pageSize={data.page_size}
              rows={data.users.length}
              total={data.total}
              onPage={setPage}
            />
          </>
        )}
      </div>

      <DeleteUserDialog
        user={deleting}
        onClose={() => setDeleting(null)}
        onDeleting={(id) => setExpandedId((current) => (current === id ? null : current))}
      />
    </AdminSection>
  );
}
