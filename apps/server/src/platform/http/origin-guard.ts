import { BRAND } from '@licensewatch/shared/brand';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false on a route that the session cookie never authenticates (a signed webhook, a route
     * authenticated by an API key): which page sent it says nothing about who may call it.
     */
    originCheck?: false;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin of the page that sent the request: Origin, else Referer's; null when neither came. */
export function requestOrigin(request: Pick<FastifyRequest, 'headers'>): string | null {
  const { origin, referer } = request.headers;
  if (origin) return origin;
  if (!referer) return null;
  return URL.canParse(referer) ? new URL(referer).origin : 'null';
}

/**
 * Cross-site request forgery (docs/security.md, Cross-site requests). A state-changing request must
 * come from one of our own origins when the browser says where it came from — a foreign or opaque
 * ("null") origin is refused whether or not a cookie came with it, so public forms (sign-up,
 * contact) cannot be posted from elsewhere either. A request that names no origin is refused only
 * when it carries the session cookie: a browser sends Origin on every cross-site POST, so a cookie
 * without one is not a page of ours, while a client without the cookie (curl, a server) has no
 * ambient authority to abuse.
 */
export function originGuard({
  trustedOrigins,
  sessionCookieName,
}: {
  trustedOrigins: readonly string[];
  sessionCookieName: string;
}): onRequestHookHandler {
  const trusted = new Set(trustedOrigins);
  // Matches the cookie and its __Secure- twin, wherever it stands in the Cookie header.
  const sessionCookie = new RegExp(
    `(?:^|;\\s*)(?:__Secure-)?${sessionCookieName.replace(/^__Secure-/, '').replace(/\./g, '\\.')}=`,
  );
  return async (request) => {
    if (!STATE_CHANGING.has(request.method) || request.routeOptions.config?.originCheck === false) return;
    const origin = requestOrigin(request);
    const allowed = origin === null ? !sessionCookie.test(request.headers.cookie ?? '') : trusted.has(origin);
    if (allowed) return;
    throw new AppError(
      'CSRF_REJECTED',
      `This request did not come from ${BRAND.name}'s own pages, so nothing was changed. Reload the page and try again.`,
      403,
    );
  };
}
