import { ADMIN_MESSAGES } from '@licensewatch/shared/admin';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useDeleteAdminUser } from '../api/delete-admin-user';

type DeleteUserDialogProps = {
  user: { id: string; email: string } | null;
  onClose: () => void;
  /** Called before the request: the row's detail panel closes, so nothing asks for the deleted account. */
  onDeleting: (id: string) => void;
};

/** "Delete User" (docs/product-rules.md, Users): Cancel is the safe default; the button reads 'Deleting...' while pending. */
export function DeleteUserDialog({ user, onClose, onDeleting }: DeleteUserDialogProps) {
  const remove = useDeleteAdminUser();

  async function confirm() {
    if (!user) return;
    onDeleting(user.id);
    try {
      await remove.mutateAsync(user.id);
      void toast.success(ADMIN_MESSAGES.userDeleted);
    } catch {
      void toast.error(ADMIN_MESSAGES.userDeleteFailed);
    } finally {
      onClose();
    }
  }

  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title={ADMIN_MESSAGES.deleteTitle}
      confirmLabel="Delete User"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={confirm}
    >
      <p>{user ? ADMIN_MESSAGES.deleteQuestion(user.email) : null}</p>
      <p className="mt-2">{ADMIN_MESSAGES.deleteWarning}</p>
    </ConfirmDialog>
  );
}
