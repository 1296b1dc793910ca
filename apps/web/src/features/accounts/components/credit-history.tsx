import { ACCOUNT_MESSAGES } from '@licensewatch/shared/account-messages';
import type { CreditHistoryEntry } from '@licensewatch/shared/credentials';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { stackingTableHeadClass, tableHeadCellClass } from '../../../components/ui/table-styles';
import { cn } from '../../../lib/cn';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format';
import { useCreditHistory } from '../api/get-credit-history';
import { describeCreditEntry, formatCreditDelta } from '../credit-entry-text';
import { OverviewSection } from './overview-section';

const { creditHistory: messages } = ACCOUNT_MESSAGES;

/** On phones each row is a card whose cells stack under their own labels; from md up, a table row. */
const cellClass =
  'flex items-baseline justify-between gap-4 px-4 py-1 md:table-cell md:py-3 md:align-top ' +
  'before:shrink-0 before:text-xs before:font-medium before:text-slate-500 before:content-[attr(data-label)] md:before:content-none';

function HistoryRow({ entry }: { entry: CreditHistoryEntry }) {
  // A day of API calls is one row: its day, not the time of its last call.
  const date = entry.reason === 'api-call' ? formatDate(entry.date) : formatDateTime(entry.date);
  return (
    <tr className="block border-b border-slate-200 py-2 last:border-b-0 md:table-row md:py-0">
      <td className="block px-4 pt-1 pb-0.5 md:table-cell md:py-3 md:align-top">
        <span className="font-medium text-slate-900">{describeCreditEntry(entry)}</span>
        <span className="block text-xs text-slate-600">{messages.pools[entry.kind]}</span>
      </td>
      <td data-label={messages.columns.date} className={cn(cellClass, 'text-slate-700 md:whitespace-nowrap')}>
        <span>{date}</span>
      </td>
      <td data-label={messages.columns.change} className={cn(cellClass, 'md:text-right')}>
        <span
          className={cn(
            'font-semibold tabular-nums',
            entry.delta > 0 ? 'text-emerald-700' : entry.delta < 0 ? 'text-red-700' : 'text-slate-700',
          )}
        >
          {formatCreditDelta(entry.delta)}
        </span>
      </td>
      <td data-label={messages.columns.balance} className={cn(cellClass, 'md:text-right')}>
        <span className="tabular-nums text-slate-900">
          {entry.balance_after === null ? messages.unlimited : formatNumber(entry.balance_after)}
        </span>
      </td>
    </tr>
  );
}

/**
 * The credit ledger under the overview's cards, so the numbers above it can be followed back
 * (docs/product-rules.md, Credit history). Older pages load on demand.
 */
export function CreditHistory() {
  const history = useCreditHistory();
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];

  let body: ReactNode;
  if (history.isPending) {
    body = (
      <div className="flex justify-center p-8 text-teal-700">
        <Spinner className="[&_svg]:size-6" label={messages.loading} />
      </div>
    );
  } else if (history.isError && entries.length === 0) {
    body = (
      <div className="space-y-4 p-6">
        <Alert tone="error">{messages.loadFailed}</Alert>
        <Button variant="secondary" pending={history.isFetching} onClick={() => history.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (entries.length === 0) {
    body = (
      <div className="p-6 text-center">
        <p className="font-semibold text-slate-900">{messages.empty}</p>
        <p className="mt-1 text-sm text-slate-600">{messages.emptyText}</p>
      </div>
    );
  } else {
    body = (
      <>
        <table className="block w-full text-sm md:table">
          <caption className="sr-only">{messages.caption}</caption>
          <thead className={stackingTableHeadClass}>
            <tr>
              <th scope="col" className={cn(tableHeadCellClass, 'text-left')}>
                {messages.columns.what}
              </th>
              <th scope="col" className={cn(tableHeadCellClass, 'text-left')}>
                {messages.columns.date}
              </th>
              <th scope="col" className={cn(tableHeadCellClass, 'text-right')}>
                {messages.columns.change}
              </th>
              <th scope="col" className={cn(tableHeadCellClass, 'text-right')}>
                {messages.columns.balance}
              </th>
            </tr>
          </thead>
          <tbody className="block md:table-row-group">
            {entries.map((entry) => (
              <HistoryRow key={entry.id} entry={entry} />
            ))}
          </tbody>
        </table>
        {history.isFetchNextPageError ? (
          // The Load more button below stays: pressing it again is the retry.
          <Alert tone="error" className="m-4">
            {messages.loadMoreFailed}
          </Alert>
        ) : null}
        {history.hasNextPage ? (
          <div className="border-t border-slate-200 p-4 text-center">
            <Button
              variant="secondary"
              size="sm"
              pending={history.isFetchingNextPage}
              onClick={() => history.fetchNextPage()}
            >
              {history.isFetchingNextPage ? messages.loadingMore : messages.loadMore}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <OverviewSection
      id="overview-credit-history"
      title={messages.title}
      description={messages.description}
      cardClassName="overflow-hidden"
      after={
        // Says how many rows there are once more load, which a screen reader would not notice.
        <p aria-live="polite" className="sr-only">
          {entries.length > 0 ? messages.shown(entries.length) : ''}
        </p>
      }
    >
      {body}
    </OverviewSection>
  );
}
