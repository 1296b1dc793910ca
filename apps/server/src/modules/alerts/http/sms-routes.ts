import { SMS_ENDPOINTS } from '@licensewatch/shared/sms-endpoints';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { verifyTwilioSignature } from '../../../platform/sms/twilio-client.ts';
import { handleInboundSms } from '../sms/handle-inbound-sms.ts';

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/**
 * POST /api/v2/sms/inbound: Twilio's webhook for texts to our number. Twilio signs it over the URL
 * it called and the form fields, never a cookie, so it has no Origin rule, and it is in its own
 * scope because it alone takes a form body. Answers TwiML: empty for STOP and START (Twilio sends
 * the carrier's confirmation itself), a message for HELP.
 */
export function registerSmsRoutes(fastify: FastifyInstance, ctx: Pick<Platform, 'db' | 'sms' | 'baseURL' | 'log'>) {
  fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.post(SMS_ENDPOINTS.twilioInbound.path, { config: { originCheck: false } }, async (request, reply) => {
      const twilio = ctx.sms.twilio;
      if (!twilio) throw new AppError('SMS_NOT_CONFIGURED', 'SMS is not configured on this server', 503);
      const params = (request.body ?? {}) as Record<string, string>;
      const signature = request.headers['x-twilio-signature'];
      // The URL Twilio called, as configured in its console: our public base URL, not the Host header.
      const url = `${ctx.baseURL}${request.url}`;
      if (
        !verifyTwilioSignature(twilio.authToken, {
          url,
          params,
          signature: typeof signature === 'string' ? signature : undefined,
        })
      ) {
        throw new AppError('INVALID_SIGNATURE', 'The Twilio signature does not match this request', 403);
      }
      const outcome = await handleInboundSms(ctx.db, { from: params.From ?? '', body: params.Body ?? '' });
      if (outcome.action === 'stop' || outcome.action === 'start') {
        ctx.log.info({ action: outcome.action, users: outcome.users }, 'inbound SMS keyword');
      }
      reply.type('text/xml; charset=utf-8');
      return outcome.reply
        ? `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${escapeXml(outcome.reply)}</Message></Response>`
        : '<?xml version="1.0" encoding="UTF-8"?><Response/>';
    });
  });
}
