import type { Logger } from 'pino';
import Stripe from 'stripe';
import { AppError } from '../../../platform/errors.ts';

/** docs/product-rules.md, Choosing a plan: the provider's own words go to the log, not to the user. */
export const PAYMENT_FAILED = 'Failed to process payment. Please try again.';

/** A user-facing call to the payment provider: its failure is a 502 with PAYMENT_FAILED. */
export async function callStripe<T>(log: Logger, operation: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeError)) throw err;
    log.error({ err, operation }, 'payment provider call failed');
    throw new AppError('PAYMENT_PROVIDER_ERROR', PAYMENT_FAILED, 502);
  }
}
