import { randomBytes } from 'node:crypto';

/** A Stripe-looking id (`cs_test_…`): unguessable, because hosted page links carry it. */
export function newTestId(prefix: string): string {
  return `${prefix}_test_${randomBytes(12).toString('hex')}`;
}

export const unixNow = () => Math.floor(Date.now() / 1000);

/** One monthly billing period on from a unix time, as Stripe counts months (same day next month). */
export function addOneMonth(unixSeconds: number): number {
  const date = new Date(unixSeconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}
