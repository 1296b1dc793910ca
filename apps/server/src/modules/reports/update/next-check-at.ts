import type { CheckInterval } from '@licensewatch/shared/check-intervals';
import { DAILY_REFRESH_HOUR_UTC } from '../../../platform/jobs/queues.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Midnight UTC of the day `at` falls on. */
const utcDay = (at: Date | number) => {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
};

/**
 * The UTC day (its midnight) from whose daily refresh a report last checked in full at `checkedAt`
 * is due again (ADR 045). Judged on days, not to the minute: a report the 06:00 run reached at
 * 06:05 is due again at 06:00 a week later, not a day after that. Weekly: seven days on. Monthly:
 * the same day of the next month, or its last day when shorter (31 January → 28 February), so
 * every calendar month holds a check, as the monthly compliance record counts them (ADR 043).
 */
export function dueFrom(interval: CheckInterval, checkedAt: Date): number {
  const day = utcDay(checkedAt);
  if (interval === 'daily') return day + DAY;
  if (interval === 'weekly') return day + 7 * DAY;
  const d = new Date(day);
  const [year, month] = [d.getUTCFullYear(), d.getUTCMonth()];
  const lastOfNext = new Date(Date.UTC(year, month + 2, 0)).getUTCDate();
  return Date.UTC(year, month + 1, Math.min(d.getUTCDate(), lastOfNext));
}

/**
 * For the database's side of the same rule (dueForRefresh, list-reports-to-refresh.ts): the earliest moment a check may
 * have been made and still not be due at a run started at `runAt`. A state checked before it is
 * due. Found from dueFrom itself, so the refresh and the next check told on a report cannot
 * disagree: the first day (a month back at most) whose check is due after the run's day.
 */
export function notDueSince(interval: Exclude<CheckInterval, 'daily'>, runAt: Date): Date {
  const runDay = utcDay(runAt);
  let day = runDay - 32 * DAY;
  while (dueFrom(interval, new Date(day)) <= runDay) day += DAY;
  return new Date(day);
}

export type CheckSchedule = {
  interval: CheckInterval;
  /** The report's last full check: the oldest of its states' checks; null while a state has none. */
  lastCheckedAt: Date | null;
  /** Every state answered at its last check (none pending, none unavailable). */
  settled: boolean;
  /** The daily refresh covers the report at all (an unexpired plan, an active account). */
  refreshable: boolean;
};

/**
 * The daily refresh that will next check the report (docs/product-rules.md, Check interval): the
 * next run for a daily report, or one never checked in full, or one with a state unanswered; else
 * the next run on or after the day it is due again. Null when no daily refresh covers it.
 */
export function nextCheckAt(schedule: CheckSchedule, now: Date = new Date()): Date | null {
  if (!schedule.refreshable) return null;
  const todaysRun = utcDay(now) + DAILY_REFRESH_HOUR_UTC * HOUR;
  const nextRun = now.getTime() < todaysRun ? todaysRun : todaysRun + DAY;
  const { interval, lastCheckedAt, settled } = schedule;
  if (interval === 'daily' || lastCheckedAt === null || !settled) return new Date(nextRun);
  return new Date(Math.max(nextRun, dueFrom(interval, lastCheckedAt) + DAILY_REFRESH_HOUR_UTC * HOUR));
}
