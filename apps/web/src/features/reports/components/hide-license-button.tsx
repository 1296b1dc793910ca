import { MESSAGES } from '@licensewatch/shared/messages';
import type { ReportLicense } from '@licensewatch/shared/reports';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useHideLicense } from '../api/hide-license';

export function HideLicenseButton({ reportId, license }: { reportId: string; license: ReportLicense }) {
  const [open, setOpen] = useState(false);
  const hide = useHideLicense(reportId);

  async function confirm() {
    // mutateAsync, not mutate's callbacks: a hidden license's row (this button) unmounts on
    // success, and TanStack Query drops the callbacks of an unmounted caller.
    try {
      await hide.mutateAsync(license.id);
      setOpen(false);
      toast.success(MESSAGES.reports.licenseHidden);
    } catch (error) {
      toast.error(MESSAGES.reports.hideFailed(error instanceof Error ? error.message : MESSAGES.general.fallback));
    }
  }

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Hide license ${license.license_number} (${license.state})`}
        onClick={() => setOpen(true)}
      >
        Hide
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Hide this license?"
        confirmLabel="Hide License"
        pendingLabel="Hiding…"
        pending={hide.isPending}
        onConfirm={confirm}
      >
        <p>
          License <strong className="font-semibold text-slate-900">{license.license_number}</strong> ({license.state})
          will be removed from this report and no longer tracked: it leaves the counts, reminders and exports.
        </p>
      </ConfirmDialog>
    </>
  );
}
