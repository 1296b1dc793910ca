import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { TEST_STRIPE_PREFIX } from '../../create-billing.ts';
import { cancelTestSubscription } from '../cancel-test-subscription.ts';
import { changeTestPortalSubscription, type TestPortalAction } from '../change-test-portal-subscription.ts';
import { completeTestCheckout } from '../complete-test-checkout.ts';
import { createTestCheckoutSession } from '../create-test-checkout-session.ts';
import { createTestCustomer } from '../create-test-customer.ts';
import { createTestPortalSession } from '../create-test-portal-session.ts';
import { parseStripeForm } from '../parse-stripe-form.ts';
import { renderTestCheckoutPage } from '../render-test-checkout-page.ts';
import { escapeHtml, renderTestPage } from '../render-test-page.ts';
import { renderTestPortalPage } from '../render-test-portal-page.ts';
import {
  loadTestObject,
  type TestCheckoutSession,
  type TestCustomer,
  type TestPortalSession,
  type TestProvider,
  TestStripeError,
  type TestSubscription,
} from '../test-provider.ts';
import { updateTestSubscription } from '../update-test-subscription.ts';

type IdParams = { Params: { id: string } };
const params = (request: FastifyRequest) => request.params as Record<string, string>;
const form = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;
const statusOf = (err: FastifyError | TestStripeError) =>
  err instanceof TestStripeError ? err.status : (err.statusCode ?? 500);

/** The Stripe API calls billing makes, in Stripe's encoding and error format, behind the API key. */
async function registerApi(api: FastifyInstance, provider: TestProvider) {
  api.setErrorHandler((err: FastifyError | TestStripeError, _request, reply) => {
    const status = statusOf(err);
    const type = status >= 500 ? 'api_error' : 'invalid_request_error';
    const code = err instanceof TestStripeError ? err.code : undefined;
    return reply.status(status).send({ error: { type, message: err.message, ...(code ? { code } : {}) } });
  });
  api.addHook('onRequest', async (request) => {
    if (request.headers.authorization !== `Bearer ${provider.apiKey}`) {
      throw new TestStripeError(401, 'Invalid API Key provided.', 'api_key_invalid');
    }
  });
  api.post('/v1/customers', (r) => createTestCustomer(provider, form(r)));
  api.get<IdParams>('/v1/customers/:id', (r) => loadTestObject<TestCustomer>(provider, 'customer', r.params.id));
  api.post('/v1/checkout/sessions', (r) => createTestCheckoutSession(provider, form(r)));
  api.get<IdParams>('/v1/checkout/sessions/:id', (r) =>
    loadTestObject<TestCheckoutSession>(provider, 'checkout.session', r.params.id),
  );
  api.get<IdParams>('/v1/subscriptions/:id', (r) =>
    loadTestObject<TestSubscription>(provider, 'subscription', r.params.id),
  );
  api.post<IdParams>('/v1/subscriptions/:id', (r) => updateTestSubscription(provider, r.params.id, form(r)));
  api.delete<IdParams>('/v1/subscriptions/:id', (r) => cancelTestSubscription(provider, r.params.id));
  api.post('/v1/billing_portal/sessions', (r) => createTestPortalSession(provider, form(r)));
}

/** The hosted checkout and portal pages browsers are sent to. */
async function registerPages(pages: FastifyInstance, provider: TestProvider) {
  pages.setErrorHandler((err: FastifyError | TestStripeError, request, reply) => {
    const status = statusOf(err);
    if (status >= 500) request.log.error({ err }, 'test-mode page failed');
    const message = status >= 500 ? 'Something went wrong in the test provider.' : err.message;
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .send(renderTestPage('Not available', `<h1>Not available</h1><p>${escapeHtml(message)}</p>`));
  });
  const html = 'text/html; charset=utf-8';

  pages.get<IdParams>('/test-checkout/:id', async (request, reply) => {
    const session = await loadTestObject<TestCheckoutSession>(provider, 'checkout.session', request.params.id);
    const customer = await provider.store.get<TestCustomer>(session.customer);
    return reply
      .header('cache-control', 'no-store')
      .type(html)
      .send(renderTestCheckoutPage(provider, session, customer));
  });
  pages.post<IdParams>('/test-checkout/:id/complete', async (request, reply) => {
    const session = await completeTestCheckout(provider, request.params.id);
    if (session.status !== 'complete')
      return reply.redirect(`${provider.publicUrl()}/test-checkout/${session.id}`, 303);
    return reply.redirect(session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id), 303);
  });
  pages.post<IdParams>('/test-checkout/:id/cancel', async (request, reply) => {
    const session = await loadTestObject<TestCheckoutSession>(provider, 'checkout.session', request.params.id);
    return reply.redirect(session.cancel_url, 303);
  });

  pages.get<IdParams>('/test-portal/:id', async (request, reply) => {
    const session = await loadTestObject<TestPortalSession>(provider, 'billing_portal.session', request.params.id);
    const subscriptions = await provider.store.list<TestSubscription>('subscription', { customer: session.customer });
    return reply
      .header('cache-control', 'no-store')
      .type(html)
      .send(renderTestPortalPage(provider, session, subscriptions));
  });
  pages.post('/test-portal/:id/subscriptions/:subscriptionId/:action', async (request, reply) => {
    const { id = '', subscriptionId = '', action = '' } = params(request);
    if (!['cancel', 'resume', 'advance'].includes(action)) throw new TestStripeError(404, 'No such action.');
    const session = await changeTestPortalSubscription(provider, id, subscriptionId, action as TestPortalAction);
    return reply.redirect(`${provider.publicUrl()}/test-portal/${session.id}`, 303);
  });
}

/**
 * The built-in, Stripe-compatible test provider as a Fastify plugin: the API under `apiPrefix`
 * (the Stripe client points there) and the hosted pages at /test-checkout and /test-portal. The
 * server mounts it in test mode; tests also run it standalone as the stand-in for real Stripe.
 */
export function testStripePlugin(
  provider: TestProvider,
  { apiPrefix = TEST_STRIPE_PREFIX }: { apiPrefix?: string } = {},
): FastifyPluginAsync {
  return async (app) => {
    // Stripe's bracketed form encoding, which the app-wide form parser does not nest; this scope only.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, parseStripeForm(String(body))),
    );
    await app.register((api) => registerApi(api, provider), { prefix: apiPrefix });
    await app.register((pages) => registerPages(pages, provider));
  };
}
