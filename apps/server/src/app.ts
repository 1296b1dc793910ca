import { createHash } from 'node:crypto';
import cookie from '@fastify/cookie';
import { listEndpoints } from '@licensewatch/shared/api-contract';
import { BANNER_STATE_SCRIPT } from '@licensewatch/shared/banners';
import { SEARCH_API_EXAMPLES } from '@licensewatch/shared/search-api-examples';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { registerAuthRoutes } from './modules/accounts/http/auth-routes.ts';
import { registerBetterAuthRoute } from './modules/accounts/http/better-auth-route.ts';
import { registerCredentialsRoutes } from './modules/accounts/http/credentials-routes.ts';
import { registerAdminAuditRoutes } from './modules/admin/http/admin-audit-routes.ts';
import { registerAdminBoardListsRoutes } from './modules/admin/http/admin-board-lists-routes.ts';
import { registerAdminInsightsRoutes } from './modules/admin/http/admin-insights-routes.ts';
import { registerAdminOrganisationsRoutes } from './modules/admin/http/admin-organisations-routes.ts';
import { registerAdminSettingsRoutes } from './modules/admin/http/admin-settings-routes.ts';
import { registerAdminUsersRoutes } from './modules/admin/http/admin-users-routes.ts';
import { registerAlertsRoutes } from './modules/alerts/http/alerts-routes.ts';
import { registerExpiryWindowsRoutes } from './modules/alerts/http/expiry-windows-routes.ts';
import { registerProfileRoutes } from './modules/alerts/http/profile-routes.ts';
import { registerSmsRoutes } from './modules/alerts/http/sms-routes.ts';
import { registerBillingRoutes } from './modules/billing/http/billing-routes.ts';
import { registerContactMessagesRoute } from './modules/contact/http/contact-messages-route.ts';
import { registerNotificationsRoutes } from './modules/contact/http/contact-routes.ts';
import { registerStatesRoutes } from './modules/licensing/http/states-routes.ts';
import { registerMcpRoutes } from './modules/mcp/http/mcp-routes.ts';
import { registerOrganisationsRoutes } from './modules/organisations/http/organisations-routes.ts';
import { registerRosterImportRoutes } from './modules/organisations/http/roster-import-routes.ts';
import { registerComplianceMonthRoutes } from './modules/reports/http/compliance-month-routes.ts';
import { registerManualVerificationRoutes } from './modules/reports/http/manual-verification-routes.ts';
import { registerReportExclusionRoutes } from './modules/reports/http/report-exclusion-routes.ts';
import { registerReportsRoutes } from './modules/reports/http/reports-routes.ts';
import { registerRosterRoutes } from './modules/reports/http/roster-routes.ts';
import { registerApiUsageRoutes } from './modules/search-api/http/api-usage-routes.ts';
import { registerSearchApiRoutes } from './modules/search-api/http/search-api-routes.ts';
import { registerWebhooksRoutes } from './modules/webhooks/http/webhooks-routes.ts';
import { recaptchaEnabled, trustedOrigins } from './platform/env.ts';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './platform/errors.ts';
import { buildAsyncApiDocument } from './platform/http/build-asyncapi-document.ts';
import { buildOpenApiDocument } from './platform/http/build-openapi-document.ts';
import { drainRefusedBody } from './platform/http/drain-refused-body.ts';
import { registerAsyncApiRoute, registerOpenApiRoute } from './platform/http/openapi-route.ts';
import { originGuard } from './platform/http/origin-guard.ts';
import { registerOutboxRoute } from './platform/http/outbox-route.ts';
import { registerJsonBodyParser } from './platform/http/parse-json-body.ts';
import { rejectUnstorableInput } from './platform/http/reject-unstorable-input.ts';
import { recordRoutes } from './platform/http/route-table.ts';
import { sendSecurityHeaders } from './platform/http/security-headers.ts';
import { registerSpaRoute } from './platform/http/spa-route.ts';
import { registerSystemRoutes } from './platform/http/system-routes.ts';

/** A CSP source allowing exactly one inline script, by the hash of its text. */
function inlineScriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const { env } = ctx;
  // The dev outbox and the stored contact messages: never mounted in production.
  const devRoutes = env.NODE_ENV !== 'production';
  // reCAPTCHA v2 loads its script and frame from Google; allowed only when it is configured.
  const recaptcha = recaptchaEnabled(env)
    ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']
    : [];
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Fastify logs two lines a request (incoming, completed); one access line is written when the
    // answer has gone (routes/system), a sixth of a signed-in request's time less (BENCHMARKS.md).
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  recordRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // JSON only (docs/security.md, Cross-site requests): without a text/plain parser, a body a
  // cross-site form or a "simple" fetch can send without a preflight is a 415. The routes that take
  // other encodings (Stripe's webhook, the test-mode provider) register their own parser in their
  // own scope.
  app.removeContentTypeParser('text/plain');
  // Size (bodyLimit above, per route where a route raises it), encoding, depth and width of every
  // JSON body, better-auth's included, before any hook or handler sees it (docs/security.md,
  // Request limits).
  registerJsonBodyParser(app);
  app.addHook('onSend', drainRefusedBody);
  // First, so that every answer carries them, refusals by the hooks below included.
  app.addHook(
    'onRequest',
    sendSecurityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", inlineScriptHash(BANNER_STATE_SCRIPT), ...recaptcha],
          // React style props and email previews use inline styles.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          // The contact page's map is an OpenStreetMap embed.
          frameSrc: ["'self'", 'https://www.openstreetmap.org', ...recaptcha],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          upgradeInsecureRequests: env.NODE_ENV === 'production' ? [] : null,
        },
      },
      // Same-origin SPA; the default would also block the dev outbox's email preview frames.
      crossOriginEmbedderPolicy: false,
      // Our own pages keep their Referer and, for forms, their Origin (helmet's no-referrer makes a
      // browser send `Origin: null` on form posts, which the origin rule must refuse); other sites
      // still learn nothing, not even that a visitor came from here.
      referrerPolicy: { policy: 'same-origin' },
    }),
  );
  const { authCookies } = await ctx.auth.$context;
  app.addHook(
    'onRequest',
    originGuard({ trustedOrigins: trustedOrigins(env), sessionCookieName: authCookies.sessionToken.name }),
  );
  app.addHook('preValidation', rejectUnstorableInput);

  await app.register(cookie);

  registerSystemRoutes(app, ctx);
  registerBetterAuthRoute(app, ctx);
  registerAuthRoutes(app, ctx);
  registerStatesRoutes(app, ctx);
  registerReportsRoutes(app, ctx);
  registerReportExclusionRoutes(app, ctx);
  registerManualVerificationRoutes(app, ctx);
  registerComplianceMonthRoutes(app, ctx);
  registerBillingRoutes(app, ctx);
  registerCredentialsRoutes(app, ctx);
  registerProfileRoutes(app, ctx);
  registerExpiryWindowsRoutes(app, ctx);
  registerOrganisationsRoutes(app, ctx);
  registerSearchApiRoutes(app, ctx);
  registerMcpRoutes(app, ctx);
  registerApiUsageRoutes(app, ctx);
  registerNotificationsRoutes(app, ctx);
  registerAlertsRoutes(app, ctx);
  registerSmsRoutes(app, ctx);
  registerAdminAuditRoutes(app, ctx);
  registerAdminUsersRoutes(app, ctx);
  registerAdminOrganisationsRoutes(app, ctx);
  registerAdminInsightsRoutes(app, ctx);
  registerAdminSettingsRoutes(app, ctx);
  registerAdminBoardListsRoutes(app, ctx);
  registerWebhooksRoutes(app, ctx);
  registerRosterRoutes(app, ctx);
  registerRosterImportRoutes(app, ctx);
  if (devRoutes) {
    registerOutboxRoute(app, ctx);
    registerContactMessagesRoute(app, ctx);
  }
  // The whole contract, the search API's examples with it; the dev routes only where they are mounted.
  registerOpenApiRoute(app, () =>
    buildOpenApiDocument({
      endpoints: listEndpoints().filter(({ endpoint }) => devRoutes || !endpoint.path.startsWith('/api/dev/')),
      sessionCookieName: authCookies.sessionToken.name,
      examples: SEARCH_API_EXAMPLES,
    }),
  );
  registerAsyncApiRoute(app, buildAsyncApiDocument);
  await registerSpaRoute(app);
  return app;
}
