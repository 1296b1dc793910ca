/** The first retry after a failed attempt, in seconds; each next one waits twice as long… */
const FIRST_RETRY_SECONDS = 60;
/** …up to an hour. */
const MAX_RETRY_SECONDS = 3600;
/** A delivery is tried for this long after it was written, then it is dead. */
export const RETRY_WINDOW_HOURS = 24;
/** An endpoint whose deliveries have all failed for this long is disabled. */
export const DISABLE_AFTER_FAILING_DAYS = 3;

/** Seconds until the next try after `attempts` failed ones (1 → 1 min, 2 → 2 min, … capped at 1 h). */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_SECONDS);
}

/** When the next try is due, or null when it would fall outside the 24-hour window (dead). */
export function nextAttemptAt(createdAt: Date, attempts: number, now: Date): Date | null {
  const next = new Date(now.getTime() + retryDelaySeconds(attempts) * 1000);
  return next.getTime() > createdAt.getTime() + RETRY_WINDOW_HOURS * 3_600_000 ? null : next;
}
