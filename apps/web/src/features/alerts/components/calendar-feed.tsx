import { windowText } from '@licensewatch/shared/expiry-windows';
import { PROFILE_MESSAGES, type Profile } from '@licensewatch/shared/profile';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useRegenerateCalendar } from '../api/regenerate-calendar';

/** The secret calendar feed: its URL to copy into a calendar app, and a way to retire it. */
export function CalendarFeed({ profile }: { profile: Profile }) {
  const regenerate = useRegenerateCalendar();
  const [confirming, setConfirming] = useState(false);
  const inputId = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(profile.calendar_url);
      toast.success(PROFILE_MESSAGES.calendarCopied);
    } catch {
      toast.error('Failed to copy the calendar link');
    }
  }

  async function regenerateLink() {
    try {
      await regenerate.mutateAsync();
      toast.success(PROFILE_MESSAGES.calendarRegenerated);
    } catch {
      toast.error('Failed to regenerate the calendar link');
    } finally {
      setConfirming(false);
    }
  }

  return (
    <Card className="mt-8 max-w-3xl p-6">
      <section aria-labelledby="calendar-feed-heading">
        <h2 id="calendar-feed-heading" className="text-lg font-semibold text-slate-900">
          Calendar feed
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Every tracked license's expiry date in your own calendar, with a reminder{' '}
          {windowText(profile.expiry_windows.expiring_within_days)} before. Anyone with this link can see those dates:
          keep it to yourself.
        </p>
        <label htmlFor={inputId} className="mt-4 block text-sm font-medium text-slate-800">
          Calendar link
        </label>
        <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
          <input
            id={inputId}
            readOnly
            value={profile.calendar_url}
            onFocus={(event) => event.currentTarget.select()}
            className="h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-800 focus:border-teal-600 focus:ring-2 focus:ring-teal-600/40 focus:outline-none"
          />
          <div className="flex shrink-0 gap-2">
            <Button variant="secondary" onClick={copy}>
              Copy
            </Button>
            <Button variant="secondary" pending={regenerate.isPending} onClick={() => setConfirming(true)}>
              Regenerate
            </Button>
          </div>
        </div>
        <p className="mt-4 text-sm text-slate-700">To subscribe, paste the link into your calendar:</p>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>
            Google Calendar: <span className="font-medium">Other calendars</span> →{' '}
            <span className="font-medium">From URL</span>
          </li>
          <li>
            Apple Calendar: <span className="font-medium">File</span> →{' '}
            <span className="font-medium">New Calendar Subscription</span>
          </li>
          <li>
            Outlook: <span className="font-medium">Add calendar</span> →{' '}
            <span className="font-medium">Subscribe from web</span>
          </li>
        </ul>
      </section>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!regenerate.isPending) setConfirming(open);
        }}
        title="Regenerate the calendar link?"
        confirmLabel="Regenerate"
        pendingLabel="Regenerating…"
        pending={regenerate.isPending}
        onConfirm={regenerateLink}
      >
        <p>The current link stops working at once.</p>
        <p className="mt-2 text-slate-600">
          Calendars subscribed to it stop updating until you subscribe to the new one.
        </p>
      </ConfirmDialog>
    </Card>
  );
}
