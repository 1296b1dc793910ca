import { DEFAULT_EXPIRING_WITHIN_DAYS } from '@licensewatch/shared/expiry-windows';

export type SampleStatus = 'Active' | 'Expiring' | 'Expired';
export type SampleLicense = { state: string; number: string; status: SampleStatus; expires: string };

// Written out rather than Intl.DateTimeFormat: building a formatter loads locale data, which the
// home page would pay for on every first paint (see lib/format.ts). Kept small: the home page's
// script budget (docs/budgets.md) has little room.
const MONTHS = 'JanFebMarAprMayJunJulAugSepOctNovDec';

/** "Mar 31, 2027", as the app's reports print dates. */
export function formatSampleDate(date: Date): string {
  const month = date.getMonth() * 3;
  return `${MONTHS.slice(month, month + 3)} ${date.getDate()}, ${date.getFullYear()}`;
}

/** The status a report would show for an active license expiring on `expiry`, seen on `today`. */
export function sampleStatus(expiry: Date, today: Date): SampleStatus {
  const day = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  const days = (day(expiry) - day(today)) / 86_400_000;
  return days < 0 ? 'Expired' : days <= DEFAULT_EXPIRING_WITHIN_DAYS ? 'Expiring' : 'Active';
}

/**
 * The home page's example report, dated from `today` so it always shows what a physician would
 * see now: one license renewing in six weeks (the reminder below it), one lapsed, and two current
 * that end at a month's end, as boards renew.
 */
export function sampleLicenses(today: Date): SampleLicense[] {
  const [year, month, date] = [today.getFullYear(), today.getMonth(), today.getDate()];
  const expiries: [string, string, Date][] = [
    ['California', 'A 154872', new Date(year, month + 17, 0)],
    ['New York', '298431', new Date(year, month, date + DEFAULT_EXPIRING_WITHIN_DAYS)],
    ['Texas', 'R 4417', new Date(year, month + 10, 0)],
    ['Washington', 'MD60871234', new Date(year, month, date - 40)],
  ];
  return expiries.map(([state, number, expiry]) => ({
    state,
    number,
    status: sampleStatus(expiry, today),
    expires: formatSampleDate(expiry),
  }));
}
