import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { PlanPriceIds } from '../../resolve-plan-prices.ts';
import { describePlanPrices } from '../describe-plan-prices.ts';
import { createMemoryTestObjectStore, type TestObjectStore } from '../test-object-store.ts';
import type { TestProvider } from '../test-provider.ts';
import { testStripePlugin } from './test-stripe-plugin.ts';

export type StandaloneTestStripe = {
  /** Base URL for STRIPE_API_URL: the API answers at `${url}/v1/...`. */
  url: string;
  store: TestObjectStore;
  provider: TestProvider;
  /** The webhook receiver is often started after the stand-in (it needs STRIPE_API_URL first). */
  setWebhookUrl: (url: string) => void;
  close: () => Promise<void>;
};

/**
 * The test provider on its own port, objects in memory: the local Stripe stand-in that the
 * real-keys code path (STRIPE_SECRET_KEY + STRIPE_API_URL) is tested against.
 */
export async function startTestStripe(options: {
  apiKey: string;
  webhookSecret: string;
  prices: PlanPriceIds;
  webhookUrl?: string;
  port?: number;
}): Promise<StandaloneTestStripe> {
  let url = '';
  let webhookUrl = options.webhookUrl ?? '';
  const store = createMemoryTestObjectStore();
  const provider: TestProvider = {
    store,
    apiKey: options.apiKey,
    webhookSecret: options.webhookSecret,
    webhookUrl: () => webhookUrl,
    publicUrl: () => url,
    prices: describePlanPrices(options.prices),
  };
  const app = Fastify();
  await app.register(testStripePlugin(provider, { apiPrefix: '' }));
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    url,
    store,
    provider,
    setWebhookUrl: (next) => {
      webhookUrl = next;
    },
    close: () => app.close(),
  };
}
