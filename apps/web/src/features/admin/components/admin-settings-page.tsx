import { ADMIN_MESSAGES } from '@licensewatch/shared/admin';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { tableHeadCellClass } from '../../../components/ui/table-styles';
import { cn } from '../../../lib/cn';
import { useSettings } from '../api/get-settings';
import { orderSettings } from '../setting-display';
import { AdminSection } from './admin-section';
import { SettingRow } from './setting-row';

const COLUMNS = ['Name', 'Value', 'Description', 'Last Updated'];

// The admin sidebar takes 16rem from md up, so the rows stay stacked cards until xl (an edited row needs the room).
const headClass = 'hidden border-b border-slate-200 bg-slate-50 xl:table-header-group';

/** Spec §2 Settings: every operator setting, edited inline one row at a time. */
export function AdminSettingsPage() {
  const settings = useSettings();
  const [editing, setEditing] = useState<string | null>(null);

  return (
    <AdminSection title="System Settings" description="Application-wide configuration. Changes take effect at once.">
      {settings.isPending ? (
        <PageSpinner label="Loading settings…" />
      ) : settings.isError ? (
        <Alert tone="error">{ADMIN_MESSAGES.settingsLoadError}</Alert>
      ) : Object.keys(settings.data).length === 0 ? (
        <EmptyState title="No settings to show">
          Settings appear here once they are configured on the server.
        </EmptyState>
      ) : (
        <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="block w-full text-left text-sm xl:table">
            <caption className="sr-only">System settings</caption>
            <thead className={headClass}>
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className={cn(tableHeadCellClass, 'text-left')}>
                    {column}
                  </th>
                ))}
                <th scope="col" className={cn(tableHeadCellClass, 'text-right')}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="block xl:table-row-group">
              {orderSettings(settings.data).map(([key, setting]) => (
                <SettingRow
                  key={key}
                  settingKey={key}
                  setting={setting}
                  editing={editing === key}
                  locked={editing !== null && editing !== key}
                  onEdit={() => setEditing(key)}
                  onDone={() => setEditing(null)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminSection>
  );
}
