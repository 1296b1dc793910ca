import { ADMIN_MESSAGES, adminReasonSchema } from '@licensewatch/shared/admin';
import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextareaField } from '../../../components/ui/form-field';

type ReasonDialogProps = {
  open: boolean;
  title: string;
  /** What will happen, to whom. */
  question: ReactNode;
  confirmLabel: string;
  /** Red for what takes something away (deactivating, reducing), the usual colour for what gives. */
  destructive: boolean;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
};

/**
 * The question before an administrator changes someone's account (docs/product-rules.md, Users):
 * what will happen, and why — the reason goes to the audit log. Cancel is the safe default; a
 * reason too short to say anything is refused here as the server would refuse it.
 */
export function ReasonDialog({
  open,
  title,
  question,
  confirmLabel,
  destructive,
  pending,
  onConfirm,
  onClose,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  // Each question starts empty: a reason belongs to one change.
  useEffect(() => {
    if (open) {
      setReason('');
      setError(undefined);
    }
  }, [open]);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = adminReasonSchema.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ADMIN_MESSAGES.reasonRequired);
      return;
    }
    onConfirm(parsed.data);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onClose();
      }}
      title={title}
    >
      <form onSubmit={submit} noValidate>
        <p className="text-sm text-slate-700">{question}</p>
        <div className="mt-4">
          <TextareaField
            label={ADMIN_MESSAGES.reasonLabel}
            value={reason}
            error={error}
            maxLength={500}
            onChange={(e) => {
              setReason(e.target.value);
              if (error) setError(undefined);
            }}
          />
        </div>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant={destructive ? 'danger' : 'primary'} pending={pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
