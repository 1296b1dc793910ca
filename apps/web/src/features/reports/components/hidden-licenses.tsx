import { MESSAGES } from '@licensewatch/shared/messages';
import type { ReportLicense } from '@licensewatch/shared/reports';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { formatCalendarDate } from '../../../lib/format';
import { useHiddenLicenses } from '../api/get-hidden-licenses';
import { useRestoreLicense } from '../api/restore-license';
import { LicenseStatusBadge } from './license-status-badge';

function RestoreButton({ reportId, license }: { reportId: string; license: ReportLicense }) {
  const restore = useRestoreLicense(reportId);
  async function onRestore() {
    // mutateAsync, not mutate's callbacks: the restored row (this button) unmounts on success.
    try {
      await restore.mutateAsync(license.id);
      toast.success(MESSAGES.reports.licenseRestored);
    } catch (error) {
      toast.error(MESSAGES.reports.restoreFailed(error instanceof Error ? error.message : MESSAGES.general.fallback));
    }
  }
  return (
    <Button
      variant="secondary"
      size="sm"
      pending={restore.isPending}
      aria-label={`Restore license ${license.license_number} (${license.state})`}
      onClick={onRestore}
    >
      {restore.isPending ? 'Restoring…' : 'Restore'}
    </Button>
  );
}

/**
 * The licenses the user hid from this report, folded away under the table: each can be brought
 * back, tracked and counted again (a plan with a tracked-license limit may refuse, and says why).
 * Nothing is shown while there are none.
 */
export function HiddenLicenses({ reportId, className }: { reportId: string; className?: string }) {
  const hidden = useHiddenLicenses(reportId);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const licenses = hidden.data ?? [];
  if (licenses.length === 0) return null;
  return (
    <section
      aria-label="Hidden licenses"
      className={cn('rounded-xl border border-dashed border-slate-300 bg-slate-50', className)}
    >
      <h2 className="text-base font-semibold text-slate-900">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
          className="flex min-h-11 w-full items-center justify-between gap-2 rounded-xl px-4 py-3 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-600"
        >
          <span>
            Hidden licenses ({licenses.length})
            <span className="block text-xs font-normal text-slate-600">
              Not tracked, counted or exported. Restore one to track it again.
            </span>
          </span>
          <svg
            viewBox="0 0 20 20"
            className={open ? 'size-5 rotate-180 transition-transform' : 'size-5 transition-transform'}
            fill="currentColor"
            aria-hidden="true"
          >
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
          </svg>
        </button>
      </h2>
      <ul id={listId} hidden={!open} className="divide-y divide-slate-200 border-t border-slate-200">
        {licenses.map((license) => (
          <li key={license.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
            <div className="min-w-0 space-y-1">
              <p className="font-medium text-slate-900">
                {license.state} · <span className="font-mono">{license.license_number}</span>
              </p>
              <p className="flex flex-wrap items-center gap-2 text-slate-700">
                <LicenseStatusBadge license={license} />
                <span>Expires {formatCalendarDate(license.expired, 'No date')}</span>
              </p>
            </div>
            <RestoreButton reportId={reportId} license={license} />
          </li>
        ))}
      </ul>
    </section>
  );
}
