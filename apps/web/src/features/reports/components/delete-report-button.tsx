import { MESSAGES } from '@licensewatch/shared/messages';
import type { Report } from '@licensewatch/shared/reports';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useDeleteReport } from '../api/delete-report';

export function DeleteReportButton({ report, disabled }: { report: Report; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const deleteReport = useDeleteReport();

  async function confirm() {
    // The row leaves at once (optimistic), unmounting this button: mutateAsync's promise still
    // settles, where mutate's own callbacks would be dropped.
    setOpen(false);
    try {
      await deleteReport.mutateAsync(report.id);
      toast.success(MESSAGES.reports.deleted);
    } catch (error) {
      toast.error(`Failed to delete report: ${error instanceof Error ? error.message : MESSAGES.general.fallback}`);
    }
  }

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700 hover:bg-red-50"
        disabled={disabled}
        aria-label={`Delete ${report.name}`}
        onClick={() => setOpen(true)}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete report?"
        confirmLabel="Delete Report"
        onConfirm={confirm}
      >
        <p>
          The report <strong className="font-semibold text-slate-900">{report.name}</strong> and its licenses will be
          removed from your dashboard. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
