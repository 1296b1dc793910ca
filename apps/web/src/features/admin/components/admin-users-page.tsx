import { EmptyState } from '../../../components/ui/empty-state';
import { AdminSection } from './admin-section';

export function AdminUsersPage() {
  return (
    <AdminSection title="Users" description="Accounts, their status and their credits. Admin accounts are not listed.">
      {/* This screen does not list accounts yet; say how accounts come to exist rather than show an empty table. */}
      <EmptyState title="Accounts">
        People create their own accounts by signing up. An operator can add one from the server's command line with{' '}
        <code className="rounded bg-slate-100 px-1 py-0.5 text-xs">npm run cli -- users:create</code>.
      </EmptyState>
    </AdminSection>
  );
}
