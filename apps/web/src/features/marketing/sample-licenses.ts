import { EXPIRING_WITHIN_DAYS } from '@licensewatch/shared/licenses';

export type SampleStatus = 'Active' | 'Expiring' | 'Expired';
export type SampleLicense = { state: string; number: string; status: SampleStatus; expires: string };

// Written out rather than Intl.DateTimeFormat: building a formatter loads locale data, which the
// home page would pay for on every first paint (see lib/format.ts).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());
const addDays = (date: Date, days: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
/** The last day of the month `months` after `date`'s: boards renew at month ends. */
const monthEnd = (date: Date, months: number) => new Date(date.getFullYear(), date.getMonth() + months + 1, 0);

/** "Mar 31, 2027", as the app's reports print dates. */
export function formatSampleDate(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** The status a report would show for an active license expiring on `expiry`, seen on `today`. */
export function sampleStatus(expiry: Date, today: Date): SampleStatus {
  const days = Math.round((startOfDay(expiry).getTime() - startOfDay(today).getTime()) / DAY_MS);
  if (days < 0) return 'Expired';
  return days <= EXPIRING_WITHIN_DAYS ? 'Expiring' : 'Active';
}

/**
 * The home page's example report, dated from `today` so it always shows what a physician would
 * see now: one license renewing in six weeks (the reminder below it), one lapsed, two current.
 */
export function sampleLicenses(today: Date): SampleLicense[] {
  const expiries: [string, string, Date][] = [
    ['California', 'A 154872', monthEnd(today, 16)],
    ['New York', '298431', addDays(today, EXPIRING_WITHIN_DAYS)],
    ['Texas', 'R 4417', monthEnd(today, 9)],
    ['Washington', 'MD60871234', addDays(today, -40)],
  ];
  return expiries.map(([state, number, expiry]) => ({
    state,
    number,
    status: sampleStatus(expiry, today),
    expires: formatSampleDate(expiry),
  }));
}
