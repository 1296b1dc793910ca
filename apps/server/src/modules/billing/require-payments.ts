import type Stripe from 'stripe';
import { AppError } from '../../platform/errors.ts';
import type { Billing } from './create-billing.ts';

export const PAYMENTS_NOT_CONFIGURED =
  'Payments are not configured on this server, so paid plans cannot be bought yet. Please contact support.';

/** The Stripe client, or 503: production without STRIPE_SECRET_KEY refuses payments, never upgrades for free. */
export function requirePayments(billing: Billing): Stripe {
  if (!billing.stripe) throw new AppError('PAYMENTS_NOT_CONFIGURED', PAYMENTS_NOT_CONFIGURED, 503);
  return billing.stripe;
}
