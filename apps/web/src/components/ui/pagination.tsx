import { Button } from './button';

/**
 * Previous and Next under a paged list, with the range shown ("51–100 of 2,500"), announced
 * politely when it changes. `showing` words the range; `testId` names it for the browser tests.
 */
export function Pagination({
  page,
  pageSize,
  total,
  onPage,
  showing,
  testId,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  showing: (from: number, to: number, total: number) => string;
  testId: string;
}) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  const from = Math.min(total, (page - 1) * pageSize + 1);
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3 text-sm text-slate-700">
      <p aria-live="polite" data-testid={testId}>
        {showing(from, to, total)}
      </p>
      <div className="flex gap-2">
        <Button type="button" variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button type="button" variant="secondary" size="sm" disabled={page >= last} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
