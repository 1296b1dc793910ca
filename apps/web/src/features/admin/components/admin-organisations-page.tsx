import { ADMIN_MESSAGES, ADMIN_PAGE_SIZE, type AdminOrganisationListItem } from '@licensewatch/shared/admin';
import { PLAN_LABELS } from '@licensewatch/shared/plans';
import { useEffect, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { tableHeadCellClass } from '../../../components/ui/table-styles';
import { cn } from '../../../lib/cn';
import { formatDate, formatNumber } from '../../../lib/format';
import { useAdminOrganisations } from '../api/list-admin-organisations';
import { AdminSection } from './admin-section';
import { AdminTablePager, AdminTableSkeleton } from './admin-table-parts';

/** Typing settles for this long before the list is asked again (as on the users screen). */
const SEARCH_DEBOUNCE_MS = 300;

const COLUMNS = ['Organization', 'Owner', 'Plan', 'Members', 'Reports', 'Credits left', 'Created'] as const;

const inputClasses =
  'mt-1 block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-teal-600 focus:ring-2 focus:ring-teal-600/40 focus:outline-none';

const cell = 'px-4 py-3 align-top';

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

function PlanCell({ organisation }: { organisation: AdminOrganisationListItem }) {
  const { plan_name, plan_state } = organisation;
  return (
    <td className={cn(cell, 'whitespace-nowrap')}>
      <span className="font-medium text-slate-900">{PLAN_LABELS[plan_name]}</span>
      {plan_state === 'active' ? null : (
        <span
          className={cn(
            'ml-2 inline-flex rounded-full px-2 py-0.5 text-xs font-semibold',
            plan_state === 'trial' ? 'bg-sky-100 text-sky-800' : 'bg-red-100 text-red-800',
          )}
        >
          {plan_state === 'trial' ? 'Trial' : 'Expired'}
        </span>
      )}
    </td>
  );
}

function OrganisationRow({ organisation }: { organisation: AdminOrganisationListItem }) {
  const { owner } = organisation;
  return (
    <tr className="border-t border-slate-200">
      <th scope="row" className={cn(cell, 'font-medium text-slate-900 break-words')}>
        {organisation.name}
      </th>
      <td className={cn(cell, 'max-w-[15rem] wrap-anywhere')}>
        {owner ? (
          <>
            <span className="block text-slate-900">{owner.full_name ?? '-'}</span>
            <span className="block text-slate-600">{owner.email}</span>
          </>
        ) : (
          <span className="text-slate-600">No owner</span>
        )}
      </td>
      <PlanCell organisation={organisation} />
      <td className={cn(cell, 'whitespace-nowrap text-slate-700 tabular-nums')}>
        <span className="block">{plural(organisation.members, 'seat', 'seats')}</span>
        <span className="block text-slate-500">{formatNumber(organisation.pending_invitations)} invited</span>
      </td>
      <td className={cn(cell, 'whitespace-nowrap text-slate-700 tabular-nums')}>
        <span className="block">{plural(organisation.reports, 'report', 'reports')}</span>
        <span className="block text-slate-500">{plural(organisation.tracked_licenses, 'license', 'licenses')}</span>
      </td>
      <td className={cn(cell, 'whitespace-nowrap text-slate-700 tabular-nums')}>
        {organisation.report_credits_left === null ? 'Unlimited' : formatNumber(organisation.report_credits_left)}
      </td>
      <td className={cn(cell, 'whitespace-nowrap text-slate-700')}>{formatDate(organisation.created_at)}</td>
    </tr>
  );
}

/** The organisations screen (docs/product-rules.md, Organizations): read-only, searched and paged like users. */
export function AdminOrganisationsPage() {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const { data, isPending, isError, isFetching } = useAdminOrganisations({ q, page });

  return (
    <AdminSection
      title="Organizations"
      description="Clinics and enterprises: their owner, plan, seats, reports and credits. Newest first."
    >
      <div className="max-w-xl">
        <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
          Search organizations
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Organization name or owner email"
          className={inputClasses}
        />
      </div>

      <div className="mt-6">
        {isError ? (
          <Alert tone="error">{ADMIN_MESSAGES.organisationsLoadError}</Alert>
        ) : isPending ? (
          <AdminTableSkeleton label="Loading organizations…" />
        ) : data.total === 0 ? (
          <EmptyState title="No organizations match">
            {q ? 'Try another search.' : 'No one has created an organization yet.'}
          </EmptyState>
        ) : (
          <>
            <ScrollRegion
              label="Organizations table"
              className="relative rounded-xl border border-slate-200 bg-white shadow-sm"
            >
              <table className="w-full min-w-[860px] text-left text-sm" aria-busy={isFetching}>
                <thead className="border-b border-slate-200 bg-slate-50">
                  <tr>
                    {COLUMNS.map((column) => (
                      <th key={column} scope="col" className={tableHeadCellClass}>
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.organisations.map((organisation) => (
                    <OrganisationRow key={organisation.id} organisation={organisation} />
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            <AdminTablePager
              label="Organizations pages"
              page={data.page}
              pageSize={data.page_size}
              rows={data.organisations.length}
              total={data.total}
              onPage={setPage}
            />
          </>
        )}
      </div>
    </AdminSection>
  );
}
