import { MESSAGES } from '@licensewatch/shared/messages';
import { ROSTER_MESSAGES } from '@licensewatch/shared/roster-messages';
import { type ReactNode, useState } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { rosterSelectionExportUrl, useHideRosterLicenses, useRefreshRosterReports } from '../api/roster-bulk-actions';

/** What the last bulk action did, said under the bar until the next one or a change of view. */
export type RosterNotice = { tone: 'success' | 'error' | 'info'; lines: string[] };

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : MESSAGES.general.fallback);

/**
 * The bar over the table while rows are selected: how many, and what can be done to them — refresh
 * their reports, hide them (after a confirmation), or export them. Each action ends by clearing the
 * selection and saying what it did.
 */
export function RosterSelectionBar({
  ids,
  onClear,
  onDone,
}: {
  ids: string[];
  onClear: () => void;
  onDone: (notice: RosterNotice) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const hide = useHideRosterLicenses();
  const refresh = useRefreshRosterReports();
  const busy = hide.isPending || refresh.isPending;

  async function hideSelected() {
    try {
      const result = await hide.mutateAsync(ids);
      const missing = result.rows.length - result.hidden;
      onDone({
        tone: 'success',
        lines: [
          ROSTER_MESSAGES.hidden(result.hidden),
          ...(missing > 0 ? [ROSTER_MESSAGES.notInWorkspace(missing)] : []),
        ],
      });
    } catch (error) {
      onDone({ tone: 'error', lines: [ROSTER_MESSAGES.hideFailed(errorMessage(error))] });
    } finally {
      setConfirming(false);
    }
  }

  async function refreshSelected() {
    try {
      const result = await refresh.mutateAsync(ids);
      const names = (outcome: string) => result.reports.filter((r) => r.outcome === outcome).map((r) => r.physician);
      const refreshing = names('refreshing');
      const updating = names('already_updating');
      onDone({
        tone: refreshing.length > 0 ? 'success' : 'info',
        lines: [
          ...(refreshing.length > 0 ? [ROSTER_MESSAGES.refreshing(refreshing)] : []),
          ...(updating.length > 0 ? [ROSTER_MESSAGES.alreadyUpdating(updating)] : []),
          ...(result.missing.length > 0 ? [ROSTER_MESSAGES.notInWorkspace(result.missing.length)] : []),
        ],
      });
    } catch (error) {
      onDone({ tone: 'error', lines: [ROSTER_MESSAGES.refreshFailed(errorMessage(error))] });
    }
  }

  // The download starts from the link itself; the selection is cleared once the click has been handled.
  const exportLink = (format: 'csv' | 'xlsx', label: ReactNode) => (
    <a
      href={rosterSelectionExportUrl(ids, format)}
      download
      className={buttonClasses('secondary', 'sm')}
      onClick={() => setTimeout(onClear, 0)}
    >
      {label}
    </a>
  );

  return (
    <section
      aria-label={ROSTER_MESSAGES.selectionActions}
      data-testid="roster-selection-bar"
      className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-teal-200 bg-teal-50 px-4 py-3"
    >
      <p className="mr-auto text-sm font-semibold text-teal-900" aria-live="polite">
        {ROSTER_MESSAGES.selected(ids.length)}
      </p>
      <Button type="button" size="sm" onClick={refreshSelected} pending={refresh.isPending} disabled={busy}>
        {ROSTER_MESSAGES.refreshSelected}
      </Button>
      <Button type="button" size="sm" variant="secondary" onClick={() => setConfirming(true)} disabled={busy}>
        {ROSTER_MESSAGES.hideSelected}
      </Button>
      {exportLink('csv', ROSTER_MESSAGES.exportSelectedCsv)}
      {exportLink('xlsx', ROSTER_MESSAGES.exportSelectedXlsx)}
      <Button type="button" size="sm" variant="ghost" onClick={onClear} disabled={busy}>
        {ROSTER_MESSAGES.clearSelection}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={ROSTER_MESSAGES.hideTitle(ids.length)}
        confirmLabel={ROSTER_MESSAGES.hideConfirm}
        pendingLabel={ROSTER_MESSAGES.hiding}
        pending={hide.isPending}
        onConfirm={hideSelected}
      >
        <p>{ROSTER_MESSAGES.hideBody(ids.length)}</p>
      </ConfirmDialog>
    </section>
  );
}
