import {
  captchaConfigResponseSchema,
  contactMessageRequestSchema,
  contactMessageResponseSchema,
  contactOfficeResponseSchema,
} from '@licensewatch/shared/contact';
import { CONTACT_MESSAGES } from '@licensewatch/shared/contact-messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { contactOffice, recaptchaEnabled } from '../../../platform/env.ts';
import { consumeRateLimit } from '../../../platform/security/consume-rate-limit.ts';
import { RATE_LIMITS } from '../../accounts/rate-limits.ts';
import { createCaptchaChallenge } from '../create-captcha-challenge.ts';
import { submitContactMessage } from '../submit-contact-message.ts';

export const CAPTCHA_CHALLENGE_PATH = '/api/v2/notifications/captcha-challenge';

/** Spec §7 slack-notification (the contact form), the captcha it needs and the office beside it; public. */
export function registerNotificationsRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env } = ctx;

  app.get(
    '/api/v2/notifications/captcha-config',
    { schema: { response: { 200: captchaConfigResponseSchema } } },
    async () =>
      recaptchaEnabled(env)
        ? { provider: 'recaptcha' as const, site_key: env.RECAPTCHA_SITE_KEY ?? '' }
        : { provider: 'altcha' as const, challenge_url: CAPTCHA_CHALLENGE_PATH },
  );

  app.get(
    '/api/v2/notifications/contact-office',
    { schema: { response: { 200: contactOfficeResponseSchema } } },
    async () => ({ office: contactOffice(env) }),
  );

  // The bare challenge, as the ALTCHA widget fetches it; never cached, each is single-use.
  app.get(CAPTCHA_CHALLENGE_PATH, async (request, reply) => {
    await consumeRateLimit(db, `captcha-challenge:ip:${request.ip}`, RATE_LIMITS.captchaChallengePerIp);
    reply.header('cache-control', 'no-store');
    return createCaptchaChallenge(ctx.captchaSecrets);
  });

  app.post(
    '/api/v2/notifications/slack-notification',
    { schema: { body: contactMessageRequestSchema, response: { 202: contactMessageResponseSchema } } },
    async (request, reply) => {
      await consumeRateLimit(db, `contact:ip:${request.ip}`, RATE_LIMITS.contactMessagePerIp, {
        detail: CONTACT_MESSAGES.tooMany,
      });
      await submitContactMessage(ctx, request.body, request.ip);
      return reply.status(202).send({ status: 'received' as const });
    },
  );
}
