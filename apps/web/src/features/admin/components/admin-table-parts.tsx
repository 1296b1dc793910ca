import { ADMIN_PAGE_SIZE } from '@licensewatch/shared/admin';
import { Button } from '../../../components/ui/button';
import { formatNumber } from '../../../lib/format';

type AdminTablePagerProps = {
  /** Names the navigation for screen readers ('Users pages'). */
  label: string;
  /** The answered page: its number, size, how many rows it holds, and the total. */
  page: number;
  pageSize: number;
  rows: number;
  total: number;
  onPage: (page: number) => void;
};

/** 'Showing 21–40 of 75' with Previous and Next, under an admin table of pages. */
export function AdminTablePager({ label, page, pageSize, rows, total, onPage }: AdminTablePagerProps) {
  const size = pageSize || ADMIN_PAGE_SIZE;
  const first = total > 0 ? (page - 1) * size + 1 : 0;
  const last = rows > 0 ? first + rows - 1 : first;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing {formatNumber(first)}–{formatNumber(last)} of {formatNumber(total)}
      </p>
      <div className="flex gap-2">
        <Button size="sm" variant="secondary" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          Previous
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onPage(page + 1)} disabled={page * size >= total}>
          Next
        </Button>
      </div>
    </nav>
  );
}

const SKELETON_ROWS = ['a', 'b', 'c', 'd', 'e', 'f'];

/** The rows' place while an admin table's first page loads, announced as loading `label`. */
export function AdminTableSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" className="space-y-2">
      <span className="sr-only">{label}</span>
      {SKELETON_ROWS.map((row) => (
        <div key={row} className="h-12 animate-pulse rounded-lg bg-slate-200/70" />
      ))}
    </div>
  );
}
