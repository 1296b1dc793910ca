import { BILLING_ENDPOINTS } from '@licensewatch/shared/billing-endpoints';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import type { Billing } from '../create-billing.ts';
import { processStripeEvent } from '../process-stripe-event.ts';
import { verifyStripeEvent } from '../provider/verify-stripe-event.ts';

/**
 * POST /api/v1/stripe/webhook (public; Stripe signs it). In its own plugin because the signature
 * covers the exact bytes sent: this route alone takes its body raw, every other keeps JSON.
 */
export function registerStripeWebhookRoute(
  fastify: FastifyInstance,
  ctx: Pick<Platform, 'db' | 'log'> & { billing: Billing },
) {
  fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // Stripe's signature authenticates it, never a cookie: no Origin rule (docs/security.md, Cross-site requests).
    scope.post(BILLING_ENDPOINTS.webhook.path, { config: { originCheck: false } }, async (request) => {
      const event = verifyStripeEvent(ctx.billing, request.body, request.headers['stripe-signature']);
      const outcome = await processStripeEvent(ctx, event);
      return { received: true, outcome };
    });
  });
}
