import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isPrivateAddress } from './webhook-address.ts';

/** The most a delivery may take, connecting included. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export type PostOutcome = { status: number | null; latencyMs: number; error: string | null };

/**
 * One POST of a webhook. Redirects are not followed (a 3xx is a failed attempt: the endpoint must
 * answer itself). In production the connection's own DNS answer is checked, so a host that
 * resolved publicly at registration and privately now (DNS rebinding) is still refused; an address
 * written in the URL is never looked up, so it is judged itself (a URL saved before its range was
 * refused is refused now).
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  { production }: { production: boolean },
): Promise<PostOutcome> {
  const started = performance.now();
  const literal = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (production && isIP(literal) && isPrivateAddress(literal)) {
    return Promise.resolve({ status: null, latencyMs: 0, error: `refused: ${literal} is a private address` });
  }
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let done = false;
    const finish = (outcome: Omit<PostOutcome, 'latencyMs'>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ ...outcome, latencyMs: elapsed() });
    };
    const target = new URL(url);
    const request = (target.protocol === 'https:' ? https : http).request(target, {
      method: 'POST',
      headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
      ...(production ? { lookup: guardedLookup } : {}),
    });
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`));
    }, WEBHOOK_TIMEOUT_MS);
    request.on('response', (response) => {
      // The answer's body is not kept; reading it lets the connection close cleanly.
      response.resume();
      response.on('end', () => finish({ status: response.statusCode ?? null, error: null }));
      response.on('error', (err) => finish({ status: response.statusCode ?? null, error: err.message }));
    });
    request.on('error', (err) => finish({ status: null, error: err.message.slice(0, 500) }));
    request.end(body);
  });
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function guardedLookup(hostname: string, options: object, callback: LookupCallback) {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const list = addresses as LookupAddress[];
    if (list.length === 0 || list.some((a) => isPrivateAddress(a.address))) {
      return callback(
        Object.assign(new Error(`refused: ${hostname} resolves to a private address`), { code: 'EPRIVATE' }),
        '',
      );
    }
    if ((options as { all?: boolean }).all) return callback(null, list);
    const [first] = list;
    return callback(null, first?.address ?? '', first?.family);
  });
}
