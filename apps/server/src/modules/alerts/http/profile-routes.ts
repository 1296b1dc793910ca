import { PROFILE_ENDPOINTS } from '@licensewatch/shared/profile-endpoints';
import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import { withZod } from '../../../platform/http/zod-app.ts';
import type { SessionReader } from '../../accounts/http/read-session.ts';
import { signedInUser, signInRequired } from '../../accounts/http/signed-in-user.ts';
import { buildCalendarFeed } from '../calendar/build-calendar-feed.ts';
import { regenerateCalendarToken } from '../calendar/regenerate-calendar-token.ts';
import { confirmEmailChange } from '../profile/confirm-email-change.ts';
import { confirmPhoneCode } from '../profile/confirm-phone-code.ts';
import { getProfile } from '../profile/get-profile.ts';
import { sendPhoneCode } from '../profile/send-phone-code.ts';
import { type ProfileUpdate, updateProfile } from '../profile/update-profile.ts';

type Ctx = Pick<Platform, 'db' | 'env' | 'baseURL' | 'mailer' | 'sms' | 'jobs'> & { readSession: SessionReader };

/**
 * A refused profile field answers its own message as the detail (the profile form shows it under
 * that field: PROFILE_MESSAGES.invalidPhone), several at once name their fields like every route.
 */
function profileValidationError(issues: FastifySchemaValidationError[]): AppError {
  if (issues.length === 1 && issues[0]) return AppError.validation(issues[0].message ?? 'Invalid value');
  return AppError.validation(
    issues.map((i) => `${i.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body'}: ${i.message}`).join('; '),
  );
}

/** The profile (docs/product-rules.md, Profile): the signed-in calls, the emailed link and the calendar feed. */
export function registerProfileRoutes(fastify: FastifyInstance, ctx: Ctx) {
  fastify.register(async (scope) => {
    const app = withZod(scope);
    app.addHook('onRequest', signInRequired(ctx.readSession));
    // Phone number, pending email and the calendar's secret URL: nothing for a shared cache.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(PROFILE_ENDPOINTS.profile.path, { schema: endpointSchema(PROFILE_ENDPOINTS.profile) }, async (request) =>
      getProfile(ctx, signedInUser(request).id),
    );

    app.patch(
      PROFILE_ENDPOINTS.updateProfile.path,
      { schema: endpointSchema(PROFILE_ENDPOINTS.updateProfile), attachValidation: true },
      async (request) => {
        if (request.validationError) throw profileValidationError(request.validationError.validation);
        const { id } = signedInUser(request);
        await updateProfile(ctx, id, request.body as ProfileUpdate);
        return getProfile(ctx, id);
      },
    );

    app.post(
      PROFILE_ENDPOINTS.sendPhoneCode.path,
      { schema: endpointSchema(PROFILE_ENDPOINTS.sendPhoneCode) },
      async (request) => sendPhoneCode(ctx, signedInUser(request).id),
    );

    app.post(
      PROFILE_ENDPOINTS.confirmPhoneCode.path,
      { schema: endpointSchema(PROFILE_ENDPOINTS.confirmPhoneCode) },
      async (request) => {
        const { id } = signedInUser(request);
        await confirmPhoneCode(ctx, id, request.body.code);
        return getProfile(ctx, id);
      },
    );

    app.post(
      PROFILE_ENDPOINTS.regenerateCalendar.path,
      { schema: endpointSchema(PROFILE_ENDPOINTS.regenerateCalendar) },
      async (request) => {
        const { id } = signedInUser(request);
        await regenerateCalendarToken(ctx.db, id);
        return getProfile(ctx, id);
      },
    );
  });

  const app = withZod(fastify);

  // The link in the email to the new address: a GET a person opens, signed in or not (the token is
  // the proof). It answers with a redirect whatever the outcome, also for a mangled link; /profile
  // shows the outcome, after sign-in when needed.
  app.get(
    PROFILE_ENDPOINTS.confirmEmail.path,
    { schema: endpointSchema(PROFILE_ENDPOINTS.confirmEmail), attachValidation: true },
    async (request, reply) => {
      const outcome = request.validationError ? 'invalid' : await confirmEmailChange(ctx, request.query.token);
      reply.header('cache-control', 'no-store');
      return reply.redirect(`/profile?email=${outcome}`, 302);
    },
  );

  // Public: the secret is the URL (calendar apps send no cookie). Some apps want the .ics name.
  app.get(
    PROFILE_ENDPOINTS.calendarFeed.path,
    { schema: endpointSchema(PROFILE_ENDPOINTS.calendarFeed) },
    async (request, reply) => {
      const token = request.params.token.replace(/\.ics$/, '');
      const feed = await buildCalendarFeed(ctx, token);
      if (feed === null)
        throw AppError.notFound('No calendar at this address. Copy the current link from your profile.');
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="licenses.ics"')
        .header('cache-control', 'private, no-store')
        .send(feed);
    },
  );
}
