import Stripe from 'stripe';
import type { Env } from '../../platform/env.ts';
import { deriveTestSecrets } from './derive-test-secrets.ts';
import { createPrefixedHttpClient } from './provider/create-prefixed-http-client.ts';
import { type BillingMode, type PlanPriceIds, resolvePlanPrices } from './resolve-plan-prices.ts';

/** Where this server mounts the built-in test provider's Stripe-compatible API. */
export const TEST_STRIPE_PREFIX = '/test-stripe';

export type Billing = {
  /** 'stripe': STRIPE_SECRET_KEY is set; 'test': the built-in provider (outside production); 'off': no payments. */
  mode: BillingMode;
  /** One client for every mode that takes payments, so test mode runs the same calls as Stripe; null when off. */
  stripe: Stripe | null;
  webhookSecret: string | null;
  prices: PlanPriceIds;
  /** Test mode: what the provider mounted on this server signs and accepts. */
  testProvider: { apiKey: string; webhookSecret: string; localUrl: string } | null;
  /**
   * Where an operator looks a customer or subscription up (the admin billing page's links): Stripe's
   * test dashboard for a test key or the built-in provider, null when payments are off.
   */
  dashboardUrl: string | null;
};

const STRIPE_DASHBOARD = 'https://dashboard.stripe.com';

/** This server as seen from itself: the test provider's API and webhooks go over loopback, not APP_URL. */
function localServerUrl(env: Env): string {
  const wildcard = ['0.0.0.0', '::', ''].includes(env.HOST);
  const host = wildcard ? '127.0.0.1' : env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  return `http://${host}:${env.PORT}`;
}

function stripeClient(apiKey: string, baseUrl: string | undefined): Stripe {
  const common = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false, appInfo: { name: 'LicenseWatch' } };
  if (!baseUrl) return new Stripe(apiKey, common);
  const url = new URL(baseUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const basePath = url.pathname.replace(/\/+$/, '');
  return new Stripe(apiKey, {
    ...common,
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    ...(basePath ? { httpClient: createPrefixedHttpClient(basePath) } : {}),
  });
}

export function createBilling({ env, secret }: { env: Env; secret: string }): Billing {
  if (env.STRIPE_SECRET_KEY) {
    return {
      mode: 'stripe',
      stripe: stripeClient(env.STRIPE_SECRET_KEY, env.STRIPE_API_URL),
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
      prices: resolvePlanPrices(env, 'stripe'),
      testProvider: null,
      dashboardUrl: /^(sk|rk)_live_/.test(env.STRIPE_SECRET_KEY) ? STRIPE_DASHBOARD : `${STRIPE_DASHBOARD}/test`,
    };
  }
  // Production never falls back to the test provider: that would hand out paid plans for free.
  if (env.NODE_ENV === 'production') {
    return { mode: 'off', stripe: null, webhookSecret: null, prices: {}, testProvider: null, dashboardUrl: null };
  }
  const { apiKey, webhookSecret } = deriveTestSecrets(secret);
  const localUrl = localServerUrl(env);
  return {
    mode: 'test',
    stripe: stripeClient(apiKey, `${localUrl}${TEST_STRIPE_PREFIX}`),
    webhookSecret,
    prices: resolvePlanPrices(env, 'test'),
    testProvider: { apiKey, webhookSecret, localUrl },
    dashboardUrl: `${STRIPE_DASHBOARD}/test`,
  };
}
