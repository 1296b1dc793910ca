import { CONTACT_ENDPOINTS } from '@licensewatch/shared/contact-endpoints';
import { CONTACT_MESSAGES } from '@licensewatch/shared/contact-messages';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import { contactOffice, recaptchaEnabled } from '../../../platform/env.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import { withZod } from '../../../platform/http/zod-app.ts';
import { consumeRateLimit } from '../../../platform/security/consume-rate-limit.ts';
import type { CaptchaSecrets } from '../captcha-secrets.ts';
import { createCaptchaChallenge } from '../create-captcha-challenge.ts';
import { RATE_LIMITS } from '../rate-limits.ts';
import { submitContactMessage } from '../submit-contact-message.ts';

/** The contact form's call (docs/product-rules.md, Contact form), its captcha and the office beside it; public. */
export function registerNotificationsRoutes(
  fastify: FastifyInstance,
  ctx: Pick<Platform, 'db' | 'env' | 'jobs' | 'log'> & { captchaSecrets: CaptchaSecrets },
) {
  const app = withZod(fastify);
  const { db, env } = ctx;

  app.get(
    CONTACT_ENDPOINTS.captchaConfig.path,
    { schema: endpointSchema(CONTACT_ENDPOINTS.captchaConfig) },
    async () =>
      recaptchaEnabled(env)
        ? { provider: 'recaptcha' as const, site_key: env.RECAPTCHA_SITE_KEY ?? '' }
        : { provider: 'altcha' as const, challenge_url: CONTACT_ENDPOINTS.captchaChallenge.path },
  );

  app.get(CONTACT_ENDPOINTS.office.path, { schema: endpointSchema(CONTACT_ENDPOINTS.office) }, async () => ({
    office: contactOffice(env),
  }));

  // The bare challenge, as the ALTCHA widget fetches it; never cached, each is single-use.
  app.get(CONTACT_ENDPOINTS.captchaChallenge.path, async (request, reply) => {
    await consumeRateLimit(db, `captcha-challenge:ip:${request.ip}`, RATE_LIMITS.captchaChallengePerIp);
    reply.header('cache-control', 'no-store');
    return createCaptchaChallenge(ctx.captchaSecrets);
  });

  app.post(
    CONTACT_ENDPOINTS.sendMessage.path,
    { schema: endpointSchema(CONTACT_ENDPOINTS.sendMessage) },
    async (request, reply) => {
      await consumeRateLimit(db, `contact:ip:${request.ip}`, RATE_LIMITS.contactMessagePerIp, {
        detail: CONTACT_MESSAGES.tooMany,
      });
      await submitContactMessage(ctx, request.body, request.ip);
      return reply.status(CONTACT_ENDPOINTS.sendMessage.status).send({ status: 'received' as const });
    },
  );
}
