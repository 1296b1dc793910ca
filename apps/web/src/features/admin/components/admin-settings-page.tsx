import { EmptyState } from '../../../components/ui/empty-state';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { AdminSection } from './admin-section';

const columns = ['Name', 'Value', 'Description', 'Last Updated'];

export function AdminSettingsPage() {
  return (
    <AdminSection title="System Settings" description="Application-wide configuration.">
      <div className="rounded-xl border border-slate-200 bg-white">
        <ScrollRegion label="Settings table">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">System settings</caption>
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
          <EmptyState title="No settings to show">
            Settings appear here once they are configured on the server.
          </EmptyState>
        </div>
      </div>
    </AdminSection>
  );
}
