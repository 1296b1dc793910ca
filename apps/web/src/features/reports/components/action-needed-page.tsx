import {
  ACTION_NEEDED_MESSAGES,
  type ActionItem,
  type ActionKind,
  actionItemText,
} from '@licensewatch/shared/action-needed';
import { PATHS } from '@licensewatch/shared/web-paths';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { PageTitle } from '../../../session/page-title';
import { useActionNeeded } from '../api/get-action-needed';

/** How each kind looks and what its link offers to do: where it is resolved. */
const KIND: Record<ActionKind, { label: string; tone: string; action: string }> = {
  excluded: { label: 'Exclusion', tone: 'bg-red-100 text-red-800', action: 'Open the report' },
  exclusion_review: { label: 'Exclusion to review', tone: 'bg-red-50 text-red-800', action: 'Review the match' },
  license_status: { label: 'License status', tone: 'bg-violet-100 text-violet-900', action: 'See the licenses' },
  expiring: { label: 'Expiring', tone: 'bg-amber-100 text-amber-900', action: 'See the licenses' },
  match_review: { label: 'Match to review', tone: 'bg-sky-100 text-sky-900', action: 'Review the matches' },
  verification_due: { label: 'Verification due', tone: 'bg-slate-200 text-slate-800', action: 'Verify again' },
  import_failed: { label: 'Roster import', tone: 'bg-orange-100 text-orange-900', action: 'Import again' },
};

const itemHref = (item: ActionItem) => (item.report_id ? PATHS.report(item.report_id) : PATHS.rosterImport);

function ActionRow({ item, expiringWithinDays }: { item: ActionItem; expiringWithinDays: number }) {
  const kind = KIND[item.kind];
  return (
    <li
      className="flex flex-col gap-2 px-4 py-4 sm:flex-row sm:items-center sm:gap-4 sm:px-6"
      data-testid="action-item"
    >
      <span className={cn('w-fit shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold', kind.tone)}>
        {kind.label}
      </span>
      <p className="min-w-0 flex-1 text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{item.subject}</span>: {actionItemText(item, expiringWithinDays)}
      </p>
      <Link
        to={itemHref(item)}
        aria-label={`${kind.action}: ${item.subject}`}
        className="shrink-0 text-sm font-semibold text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600"
      >
        {kind.action}
      </Link>
    </li>
  );
}

/** The Action needed inbox (docs/product-rules.md, Action needed): every open item, worst first. */
export function ActionNeededPage() {
  const inbox = useActionNeeded({ fresh: true });
  return (
    <Container className="py-10">
      <PageTitle title={ACTION_NEEDED_MESSAGES.title} />
      <PageHeader title={ACTION_NEEDED_MESSAGES.title} description={ACTION_NEEDED_MESSAGES.intro} />
      {inbox.isPending ? (
        <PageSpinner label="Loading what needs attention…" />
      ) : inbox.isError ? (
        <div className="max-w-2xl space-y-4">
          <Alert tone="error">The list of open items could not be loaded. Try again in a moment.</Alert>
          <Button variant="secondary" pending={inbox.isFetching} onClick={() => inbox.refetch()}>
            Try again
          </Button>
        </div>
      ) : inbox.data.items.length === 0 ? (
        <EmptyState title="All clear">{ACTION_NEEDED_MESSAGES.empty}</EmptyState>
      ) : (
        <ul
          aria-label={ACTION_NEEDED_MESSAGES.linkLabel(inbox.data.total)}
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm"
        >
          {inbox.data.items.map((item) => (
            <ActionRow
              key={`${item.kind}:${item.report_id ?? item.import_id}`}
              item={item}
              expiringWithinDays={inbox.data.expiring_within_days}
            />
          ))}
        </ul>
      )}
    </Container>
  );
}
