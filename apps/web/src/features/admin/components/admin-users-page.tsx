import { EmptyState } from '../../../components/ui/empty-state';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { AdminSection } from './admin-section';

const columns = ['Full Name', 'Email', 'Role', 'Created At', 'Last Sign In', 'Status'];

export function AdminUsersPage() {
  return (
    <AdminSection title="Users" description="Accounts, their status and their credits. Admin accounts are not listed.">
      <div className="rounded-xl border border-slate-200 bg-white">
        <ScrollRegion label="Users table">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Users</caption>
            <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className="px-4 py-3 font-semibold">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
          </table>
        </ScrollRegion>
        <div className="p-4">
          <EmptyState title="No users to show">Users appear here as soon as they sign up.</EmptyState>
        </div>
      </div>
    </AdminSection>
  );
}
