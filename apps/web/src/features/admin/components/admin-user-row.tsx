import { ADMIN_MESSAGES, type AdminUserListItem } from '@licensewatch/shared/admin';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useUpdateAdminUserStatus } from '../api/update-admin-user-status';
import { AdminUserDetailPanel } from './admin-user-detail';
import { ReasonDialog } from './reason-dialog';

export const USER_COLUMNS = ['Full Name', 'Email', 'Role', 'Created At', 'Last Sign In', 'Status', 'Actions'] as const;

type AdminUserRowProps = {
  user: AdminUserListItem;
  expanded: boolean;
  onToggle: () => void;
  onDelete: () => void;
};

/** One account; clicking the row (or its name button, by keyboard) expands its detail below it. */
export function AdminUserRow({ user, expanded, onToggle, onDelete }: AdminUserRowProps) {
  const status = useUpdateAdminUserStatus();
  const [asking, setAsking] = useState(false);
  const panelId = `admin-user-panel-${user.id}`;
  const activate = !user.is_active;

  async function toggleActive(reason: string) {
    try {
      await status.mutateAsync({ id: user.id, isActive: activate, reason });
      void toast.success(ADMIN_MESSAGES.statusUpdated);
    } catch {
      void toast.error(ADMIN_MESSAGES.statusUpdateFailed);
    } finally {
      setAsking(false);
    }
  }

  return (
    <>
      <tr
        className={cn('cursor-pointer border-t border-slate-200 hover:bg-slate-50', expanded && 'bg-teal-50/40')}
        onClick={onToggle}
      >
        <td className="px-4 py-3">
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={panelId}
            onClick={(event) => {
              // The row's own click handler toggles; the button is its keyboard and screen-reader way in.
              event.stopPropagation();
              onToggle();
            }}
            className="flex items-center gap-2 rounded text-left font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-600"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className={cn('size-4 shrink-0 text-slate-500 transition-transform', expanded && 'rotate-90')}
              fill="currentColor"
            >
              <path d="M7.5 4.5 13 10l-5.5 5.5-1.4-1.4L10.2 10 6.1 5.9z" />
            </svg>
            <span>{user.full_name ?? '-'}</span>
            <span className="sr-only">{expanded ? ', hide details' : ', show details'}</span>
          </button>
        </td>
        <td className="px-4 py-3 text-slate-700">{user.email}</td>
        <td className="px-4 py-3 text-slate-700">User</td>
        <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDate(user.created_at)}</td>
        <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDateTime(user.last_sign_in_at)}</td>
        <td className="px-4 py-3">
          <span
            className={cn(
              'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold',
              user.is_active ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-700',
            )}
          >
            {user.is_active ? 'Active' : 'Inactive'}
          </span>
        </td>
        {/* Clicks on the actions are not clicks on the row. */}
        <td className="px-4 py-3" onClick={(event) => event.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setAsking(true)}
              pending={status.isPending}
              aria-label={`${user.is_active ? 'Deactivate' : 'Activate'} ${user.email}`}
            >
              {user.is_active ? 'Deactivate' : 'Activate'}
            </Button>
            <ReasonDialog
              open={asking}
              title={ADMIN_MESSAGES.statusTitle(activate)}
              question={ADMIN_MESSAGES.statusQuestion(user.email, activate)}
              confirmLabel={ADMIN_MESSAGES.statusTitle(activate)}
              destructive={!activate}
              pending={status.isPending}
              onConfirm={toggleActive}
              onClose={() => setAsking(false)}
            />
            <Button size="sm" variant="danger" onClick={onDelete} aria-label={`Delete ${user.email}`}>
              Delete
            </Button>
          </div>
        </td>
      </tr>
      {expanded ? (
        <tr id={panelId} className="border-t border-slate-200 bg-slate-50">
          <td colSpan={USER_COLUMNS.length} className="p-0">
            {/* On a phone the table scrolls sideways; the panel stays in view at the screen's width. */}
            <div className="sticky left-0 w-[calc(100vw-2rem-2px)] p-4 sm:w-[calc(100vw-4rem-2px)] md:w-auto">
              <AdminUserDetailPanel userId={user.id} email={user.email} />
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
}
