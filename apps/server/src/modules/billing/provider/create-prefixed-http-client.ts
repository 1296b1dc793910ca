import Stripe from 'stripe';

/**
 * The Stripe client takes a host, port and protocol but no path; a stand-in mounted under a path
 * (the built-in test provider at /test-stripe) needs every request path prefixed.
 */
export function createPrefixedHttpClient(basePath: string) {
  const inner = Stripe.createNodeHttpClient();
  return {
    getClientName: () => inner.getClientName(),
    makeRequest: (
      host: string,
      port: string,
      path: string,
      method: string,
      headers: Parameters<typeof inner.makeRequest>[4],
      requestData: string,
      protocol: string,
      timeout: number,
    ) => inner.makeRequest(host, port, `${basePath}${path}`, method, headers, requestData, protocol, timeout),
  };
}
