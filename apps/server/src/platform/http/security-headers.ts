import type { IncomingMessage, ServerResponse } from 'node:http';
import type { onRequestHookHandler } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The response headers helmet would set for these options, worked out once. helmet's Fastify
 * plugin rebuilds helmet — CSP parsing included — on every request, a measurable share of each
 * signed-in request (BENCHMARKS.md, request path); with no per-request directive (no nonces,
 * no functions) the headers are the same for every response.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** An onRequest hook giving every response, errors and files included, the headers. */
export function sendSecurityHeaders(options: Readonly<HelmetOptions>): onRequestHookHandler {
  const headers = securityHeaders(options);
  return (_request, reply, done) => {
    reply.headers(headers);
    done();
  };
}
