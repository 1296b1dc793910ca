import {
  DEFAULT_EXPIRED_AFTER_DAYS,
  DEFAULT_EXPIRING_WITHIN_DAYS,
  DEFAULT_NOTICE_DAYS,
  EXPIRED_AFTER_MAX,
  EXPIRED_AFTER_MIN,
  type ExpiryWindowsResponse,
  expiryWindowsSchema,
  EXPIRY_WINDOW_MESSAGES as M,
  noticeDaysText,
  sortNoticeDays,
  windowText,
} from '@licensewatch/shared/expiry-windows';
import { PATHS } from '@licensewatch/shared/web-paths';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { InputField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/error-text';
import { useExpiryWindows, useUpdateExpiryWindows } from '../api/expiry-windows';

type Scope = 'own' | 'organisation';

const HEADING_ID: Record<Scope, string> = { own: 'expiry-windows-own', organisation: 'expiry-windows-organisation' };

/** What the windows steer, said for whose they are. */
function describe(scope: Scope, organisation: string | null): string {
  if (scope === 'organisation')
    return `For ${organisation}: when a license counts as expiring on its reports, roster, Action needed and weekly summary, the days license.expiring events go out, and how long after an expiry date license.expired follows.`;
  return 'For your own reports: when a license counts as expiring on the dashboard, your reports, the Monday email and the calendar, the days a renewal text and a license.expiring event go out, and how long after an expiry date license.expired follows.';
}

const noticeInput = (days: readonly number[]) => sortNoticeDays(days).join(', ');

/**
 * A workspace's expiry windows (docs/product-rules.md, Expiry windows): on /profile for one's own
 * workspace, on /organization for the organisation's. The server decides who may change them
 * (`can_change`); a viewer reads them.
 */
export function ExpiryWindowsCard({ scope, className }: { scope: Scope; className?: string }) {
  const windows = useExpiryWindows();
  const headingId = HEADING_ID[scope];
  const data = windows.data;
  return (
    <Card className={className ?? 'p-6'}>
      <section aria-labelledby={headingId} className="space-y-3">
        {/* As its neighbours: a section of /profile, a side card of /organization. */}
        <h2
          id={headingId}
          className={
            scope === 'own' ? 'text-lg font-semibold text-slate-900' : 'text-base font-semibold text-slate-900'
          }
        >
          {M.title}
        </h2>
        {windows.isPending ? (
          <Spinner label="Loading the expiry windows…" />
        ) : windows.isError || !data ? (
          <p className="text-sm text-red-700">The expiry windows could not be loaded. Refresh the page to try again.</p>
        ) : scope === 'own' && data.organisation !== null ? (
          <p className="text-sm text-slate-600">
            You are working in {data.organisation}: its expiry windows are on the{' '}
            <Link to={PATHS.organisation} className="font-medium text-teal-800 underline underline-offset-2">
              organization page
            </Link>
            . Switch to your own workspace to see or change yours.
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-600">{describe(scope, data.organisation)}</p>
            {data.can_change ? <WindowsForm data={data} /> : <WindowsSummary data={data} />}
          </>
        )}
      </section>
    </Card>
  );
}

function WindowsSummary({ data }: { data: ExpiryWindowsResponse }) {
  return (
    <>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">Expiring</dt>
        <dd className="font-medium text-slate-900">
          Within {data.expiring_within_days} days
          {data.expiring_within_days % 7 === 0 ? ` (${windowText(data.expiring_within_days)})` : null}
        </dd>
        <dt className="text-slate-600">Notices</dt>
        <dd className="font-medium text-slate-900">{capitalise(noticeDaysText(data.notice_days))}</dd>
        <dt className="text-slate-600">Expired event</dt>
        <dd className="font-medium text-slate-900">{expiredAfterText(data.expired_after_days)}</dd>
      </dl>
      <p className="text-sm text-slate-600">Only an owner or admin can change them.</p>
    </>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** '3 days after the expiry date, if not renewed' */
const expiredAfterText = (days: number) =>
  `${days} ${days === 1 ? 'day' : 'days'} after the expiry date, if not renewed`;

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** Parses '60, 30 14' into days; anything that is not a whole number answers null. */
function parseNoticeDays(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter((part) => part !== '');
  if (!parts.every((part) => /^\d+$/.test(part))) return null;
  return parts.map(Number);
}

/** Starts from the stored windows; what the user types stays until they save or leave, whatever is refetched. */
function WindowsForm({ data }: { data: ExpiryWindowsResponse }) {
  const update = useUpdateExpiryWindows();
  const [days, setDays] = useState(String(data.expiring_within_days));
  const [notices, setNotices] = useState(noticeInput(data.notice_days));
  const [expiredAfter, setExpiredAfter] = useState(String(data.expired_after_days));
  const [errors, setErrors] = useState<{ days?: string; notices?: string; expiredAfter?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const noticeDays = parseNoticeDays(notices);
    const parsed = expiryWindowsSchema.safeParse({
      expiring_within_days: wholeNumber(days),
      notice_days: noticeDays ?? [],
      expired_after_days: wholeNumber(expiredAfter),
    });
    const found: { days?: string; notices?: string; expiredAfter?: string } = {};
    if (noticeDays === null) found.notices = M.noticeDaysRange;
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'expiring_within_days') found.days ??= M.expiringRange;
        else if (issue.path[0] === 'expired_after_days') found.expiredAfter ??= M.expiredAfterRange;
        else found.notices ??= issue.message;
      }
    setErrors(found);
    if (found.days || found.notices || found.expiredAfter || !parsed.success) return;
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        // As stored: each day once, the furthest first.
        setNotices(noticeInput(saved.notice_days));
        return toast.success(M.saved);
      },
    });
  };

  const reset = () => {
    setDays(String(DEFAULT_EXPIRING_WITHIN_DAYS));
    setNotices(noticeInput(DEFAULT_NOTICE_DAYS));
    setExpiredAfter(String(DEFAULT_EXPIRED_AFTER_DAYS));
    setErrors({});
  };

  const shownDays = Number(days);
  const preview = Number.isInteger(shownDays) && shownDays > 0 ? windowText(shownDays) : null;
  const parsedNotices = parseNoticeDays(notices);
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <InputField
        label="A license is expiring within (days)"
        inputMode="numeric"
        value={days}
        onChange={(e) => setDays(e.target.value)}
        error={errors.days}
        hint={`${preview ? `${preview}. ` : ''}${M.expiringRange} The default is ${DEFAULT_EXPIRING_WITHIN_DAYS} (6 weeks).`}
        className="max-w-32"
      />
      <InputField
        label="Notice days before expiry"
        value={notices}
        onChange={(e) => setNotices(e.target.value)}
        error={errors.notices}
        hint={
          parsedNotices && parsedNotices.length > 0
            ? `${capitalise(noticeDaysText(parsedNotices))}. Separate days with commas; 0 is the day it expires.`
            : 'Separate days with commas; 0 is the day it expires.'
        }
      />
      <InputField
        label="Expired event after (days)"
        inputMode="numeric"
        value={expiredAfter}
        onChange={(e) => setExpiredAfter(e.target.value)}
        error={errors.expiredAfter}
        hint={`Days after an unmoved expiry date before the license.expired event goes out (boards post renewals late): ${EXPIRED_AFTER_MIN} to ${EXPIRED_AFTER_MAX}. The default is ${DEFAULT_EXPIRED_AFTER_DAYS}.`}
        className="max-w-32"
      />
      {update.isError ? <Alert tone="error">{errorText(update.error)}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={update.isPending}>
          Save windows
        </Button>
        <Button type="button" variant="secondary" onClick={reset}>
          Use the defaults
        </Button>
      </div>
    </form>
  );
}
