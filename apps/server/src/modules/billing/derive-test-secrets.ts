import { createHmac } from 'node:crypto';

/**
 * The built-in test provider's API key and webhook secret, derived from the server secret: stable
 * across restarts and processes sharing AUTH_SECRET, and never guessable from outside.
 */
export function deriveTestSecrets(secret: string): { apiKey: string; webhookSecret: string } {
  const derive = (purpose: string) => createHmac('sha256', secret).update(`test-stripe:${purpose}`).digest('hex');
  return { apiKey: `sk_test_builtin_${derive('api-key')}`, webhookSecret: `whsec_builtin_${derive('webhook')}` };
}
