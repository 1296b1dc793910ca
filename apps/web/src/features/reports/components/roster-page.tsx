import { ROSTER_MESSAGES } from '@licensewatch/shared/roster-messages';
import { PATHS } from '@licensewatch/shared/web-paths';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { useCanChangeRoster } from '../../../session/can-change-roster';
import { PageTitle } from '../../../session/page-title';
import { rosterExportUrl, useRoster } from '../api/get-roster';
import {
  DEFAULT_VIEW,
  hasFilters,
  type RosterView,
  readRosterView,
  rosterFilterQuery,
  sortBy,
  writeRosterView,
} from '../roster-view';
import { RosterCountChips } from './roster-count-chips';
import { RosterFilters } from './roster-filters';
import { RosterSavedViews } from './roster-saved-views';
import { type RosterNotice, RosterSelectionBar } from './roster-selection-bar';
import { RosterTable, TableSkeleton } from './roster-table';
import { useRosterSearch } from './use-roster-search';

/**
 * /org/licenses: every tracked license of the workspace (docs/product-rules.md, The roster),
 * filtered, sorted and paged by the server. The view lives in the URL (shareable, bookmarkable,
 * back and forward work); counts on top are filter chips; the export downloads the filtered view.
 */
export function RosterPage() {
  const [params, setParams] = useSearchParams();
  const view = readRosterView(params);
  const roster = useRoster(view);
  const setView = (next: RosterView) => setParams(writeRosterView(next), { replace: true });

  const { search, typeSearch, cancel: cancelSearch } = useRosterSearch(view, setParams);

  const data = roster.data;

  // The selection and what the last bulk action said belong to the view they were made in: a
  // change of filters, sort or page clears both, without an effect to forget.
  const canChange = useCanChangeRoster();
  const viewKey = JSON.stringify({ ...rosterFilterQuery(view), page: view.page });
  const [picked, setPicked] = useState<{ key: string; ids: string[] }>({ key: viewKey, ids: [] });
  const [said, setSaid] = useState<{ key: string; notice: RosterNotice } | null>(null);
  const selectedIds = picked.key === viewKey ? picked.ids : [];
  const notice = said?.key === viewKey ? said.notice : null;
  const pageIds = data?.rows.map((r) => r.id) ?? [];
  const select = (ids: string[]) => setPicked({ key: viewKey, ids });
  const selection = {
    selected: new Set(selectedIds),
    onToggle: (id: string) =>
      select(selectedIds.includes(id) ? selectedIds.filter((s) => s !== id) : [...selectedIds, id]),
    onToggleAll: () => select(pageIds.every((id) => selectedIds.includes(id)) ? [] : pageIds),
  };
  const filtered = hasFilters(view);
  const clear = () => {
    cancelSearch();
    setView({ ...DEFAULT_VIEW, sort: view.sort, order: view.order });
  };

  return (
    <Container className="py-10">
      <PageTitle title={ROSTER_MESSAGES.title} />
      <PageHeader
        title={ROSTER_MESSAGES.title}
        description={ROSTER_MESSAGES.intro}
        actions={
          data && data.counts.workspace.total > 0 ? (
            <>
              <a href={rosterExportUrl(view, 'csv')} download className={buttonClasses('secondary', 'sm')}>
                {ROSTER_MESSAGES.exportCsv}
              </a>
              <a href={rosterExportUrl(view, 'xlsx')} download className={buttonClasses('secondary', 'sm')}>
                {ROSTER_MESSAGES.exportXlsx}
              </a>
            </>
          ) : null
        }
      />

      {roster.isError ? <Alert tone="error">{ROSTER_MESSAGES.loadFailed}</Alert> : null}

      {data && data.counts.workspace.total === 0 ? (
        <EmptyState
          title={ROSTER_MESSAGES.emptyRoster}
          action={
            <Link to={PATHS.newReport} className={buttonClasses('primary')}>
              {ROSTER_MESSAGES.createReport}
            </Link>
          }
        >
          {ROSTER_MESSAGES.emptyRosterHint}
        </EmptyState>
      ) : (
        <>
          <RosterCountChips data={data} view={view} busy={roster.isPlaceholderData} setView={setView} />

          <RosterSavedViews
            view={view}
            open={(next) => {
              cancelSearch();
              setView(next);
            }}
          />

          <RosterFilters
            data={data}
            view={view}
            filtered={filtered}
            setView={setView}
            search={search}
            typeSearch={typeSearch}
            clear={clear}
          />

          <div className="mt-6">
            {notice ? (
              <Alert tone={notice.tone} className="mb-3">
                {notice.lines.map((line) => (
                  <p key={line}>{line}</p>
                ))}
              </Alert>
            ) : null}
            {canChange && selectedIds.length > 0 ? (
              <RosterSelectionBar
                ids={selectedIds}
                onClear={() => select([])}
                onDone={(next) => {
                  select([]);
                  setSaid({ key: viewKey, notice: next });
                }}
              />
            ) : null}
            {!data ? (
              <TableSkeleton />
            ) : data.total === 0 ? (
              <EmptyState
                title={ROSTER_MESSAGES.noMatches}
                action={
                  <Button type="button" variant="secondary" onClick={clear}>
                    {ROSTER_MESSAGES.clearFilters}
                  </Button>
                }
              />
            ) : (
              <>
                <RosterTable
                  rows={data.rows}
                  view={view}
                  onSort={(sort) => setView(sortBy(view, sort))}
                  busy={roster.isFetching}
                  selection={canChange ? selection : undefined}
                />
                <Pagination
                  page={data.page}
                  pageSize={data.page_size}
                  total={data.total}
                  onPage={(page) => setView({ ...view, page })}
                  showing={ROSTER_MESSAGES.showing}
                  testId="roster-range"
                />
              </>
            )}
          </div>
        </>
      )}
    </Container>
  );
}
