import Stripe from 'stripe';
import { AppError } from '../../../platform/errors.ts';
import type { Billing } from '../create-billing.ts';
import { PAYMENTS_NOT_CONFIGURED } from '../require-payments.ts';

export const INVALID_SIGNATURE = 'The Stripe-Signature header is missing, wrong or too old.';

/**
 * The event Stripe signed, from the exact bytes received. A wrong signature, or one older than
 * Stripe's 5-minute tolerance (a replayed delivery), is a 400 and nothing else happens.
 */
export function verifyStripeEvent(billing: Billing, body: unknown, signature: string | string[] | undefined) {
  if (!billing.stripe || !billing.webhookSecret) {
    throw new AppError('PAYMENTS_NOT_CONFIGURED', PAYMENTS_NOT_CONFIGURED, 503);
  }
  if (!Buffer.isBuffer(body) || typeof signature !== 'string' || !signature) {
    throw new AppError('INVALID_SIGNATURE', INVALID_SIGNATURE, 400);
  }
  try {
    return billing.stripe.webhooks.constructEvent(body, signature, billing.webhookSecret);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeSignatureVerificationError || err instanceof SyntaxError) {
      throw new AppError('INVALID_SIGNATURE', INVALID_SIGNATURE, 400);
    }
    throw err;
  }
}
