import { MESSAGES } from '@licensewatch/shared/messages';
import type { LicenseEvent, ReportLicense } from '@licensewatch/shared/reports';
import { useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { formatCalendarDate, formatDate } from '../../../lib/format';
import { useLicenseHistory } from '../api/get-license-history';
import { ManualVerificationList } from './manual-verification-list';
import { VerificationDownloadButton } from './verification-download-button';

const KIND_LABELS: Record<LicenseEvent['kind'], string> = {
  status: 'Status',
  expiry: 'Expiry date',
  discipline: 'Discipline',
  removed: 'Listing',
};

const SOURCE_LABELS: Record<LicenseEvent['source'], string> = {
  ingest: "board's bulk file",
  lookup: 'board look-up',
  refresh: 'daily refresh',
  manual: 'verification by hand',
};

function eventValue(kind: LicenseEvent['kind'], value: string | null): string {
  if (value === null) return 'none';
  if (kind === 'expiry') return formatCalendarDate(value);
  if (kind === 'status') return value.charAt(0).toUpperCase() + value.slice(1);
  return value;
}

/** "Status: Active → Suspended", said in words for a screen reader. */
function EventChange({ event }: { event: LicenseEvent }) {
  if (event.kind === 'removed') {
    return <p className="text-sm font-semibold text-slate-900">No longer listed by the board</p>;
  }
  return (
    <p className="text-sm text-slate-900">
      <span className="font-semibold">{KIND_LABELS[event.kind]}</span> changed from{' '}
      <span className="break-words">{eventValue(event.kind, event.before)}</span> to{' '}
      <span className="font-semibold break-words">{eventValue(event.kind, event.after)}</span>
    </p>
  );
}

function HistoryList({ reportId, license }: { reportId: string; license: ReportLicense }) {
  const history = useLicenseHistory(reportId, license.id, true);
  if (history.isPending) return <Spinner label="Loading history" />;
  if (history.isError) return <Alert tone="error">{MESSAGES.reports.historyFailed}</Alert>;
  const { events, first_seen_at } = history.data;
  return (
    <div className="space-y-4">
      {events.length === 0 ? (
        <p className="text-sm text-slate-600">No status, expiry or discipline changes recorded.</p>
      ) : null}
      <ol className="space-y-3" aria-label="Changes, newest first">
        {events.map((event) => (
          <li
            key={`${event.occurred_at}-${event.kind}`}
            className="border-l-2 border-teal-600 pl-3"
            data-testid="license-event"
          >
            <EventChange event={event} />
            <p className="text-xs text-slate-600">
              <time dateTime={event.occurred_at}>{formatDate(event.occurred_at)}</time> ·{' '}
              {event.source === 'manual' ? 'verified by hand' : `seen in the ${SOURCE_LABELS[event.source]}`}
            </p>
          </li>
        ))}
        <li className="border-l-2 border-slate-300 pl-3">
          <p className="text-sm font-semibold text-slate-900">First seen</p>
          <p className="text-xs text-slate-600">
            <time dateTime={first_seen_at}>{formatDate(first_seen_at)}</time> ·{' '}
            {license.source.method === 'manual'
              ? 'when it was first verified by hand'
              : 'when we first read this license from its board'}
          </p>
        </li>
      </ol>
    </div>
  );
}

/**
 * A license's history: its status, expiry and discipline changes, newest first, and when it was
 * first seen (docs/product-rules.md, License history), in a dialog that also offers the license's
 * own verification document.
 */
export function LicenseHistoryButton({ reportId, license }: { reportId: string; license: ReportLicense }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  // The shared Dialog has no Radix Trigger, so Radix returns focus nowhere: give it back to the
  // button that opened it, where a keyboard or screen-reader user left off.
  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) requestAnimationFrame(() => opener.current?.focus());
  };
  const who = `license ${license.license_number} (${license.state})`;
  return (
    <>
      <Button ref={opener} variant="secondary" size="sm" aria-label={`History of ${who}`} onClick={() => setOpen(true)}>
        History
      </Button>
      <Dialog
        open={open}
        onOpenChange={changeOpen}
        title={`History of ${license.license_number}`}
        description={`${license.state} · ${license.license_type} · ${license.name_on_license}`}
        footer={
          <>
            <VerificationDownloadButton
              reportId={reportId}
              licenseId={license.id}
              accessibleName={`Download verification of ${who}`}
            />
            <Button variant="secondary" size="sm" onClick={() => changeOpen(false)}>
              Close
            </Button>
          </>
        }
      >
        {open ? (
          <div className="space-y-5">
            {license.source.method === 'manual' ? (
              <ManualVerificationList reportId={reportId} licenseId={license.id} />
            ) : null}
            <HistoryList reportId={reportId} license={license} />
          </div>
        ) : null}
      </Dialog>
    </>
  );
}
