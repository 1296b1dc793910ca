import type { Logger } from 'pino';
import { type ApiKeySecrets, deriveApiKeySecrets } from './modules/accounts/api-key-crypto.ts';
import { type Auth, createAuth } from './modules/accounts/auth.ts';
import { createSessionReader, type SessionReader } from './modules/accounts/http/read-session.ts';
import { type AlertLinkSecrets, deriveAlertLinkSecrets } from './modules/alerts/alert-link-secrets.ts';
import { type Billing, createBilling } from './modules/billing/create-billing.ts';
import { type CaptchaSecrets, deriveCaptchaSecrets } from './modules/contact/captcha-secrets.ts';
import type { ExclusionSources } from './modules/exclusions/exclusion-sources.ts';
import type { LicenseSources } from './modules/licensing/license-sources.ts';
import {
  deriveInvitationSecrets,
  type InvitationSecrets,
} from './modules/organisations/invitations/invitation-link.ts';
import { deriveWebhookSecrets, type WebhookSecrets } from './modules/webhooks/webhook-secret-crypto.ts';
import { connectDatabase } from './platform/db/client.ts';
import { runMigrations } from './platform/db/migrate.ts';
import type { Platform } from './platform/deps.ts';
import { type Env, publicBaseUrl } from './platform/env.ts';
import { startJobQueue } from './platform/jobs/job-queue.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { createSmsSender } from './platform/sms/sms-sender.ts';

/** Everything a route, job or CLI command needs; built once per process. */
export type AppContext = Platform & {
  auth: Auth;
  /** The signed-in user of a request, read from the database on every call (no cache). */
  readSession: SessionReader;
  /** Keys for API-key encryption and look-up, derived from the server secret. */
  apiKeySecrets: ApiKeySecrets;
  /** Keys that sign the contact form's ALTCHA challenges, derived from the server secret. */
  captchaSecrets: CaptchaSecrets;
  /** The key that signs links in alert emails (one-click unsubscribe). */
  alertLinkSecrets: AlertLinkSecrets;
  invitationSecrets: InvitationSecrets;
  /** The key that encrypts webhook signing secrets (ADR 021). */
  webhookSecrets: WebhookSecrets;
  /** Payments: Stripe, the built-in test provider, or off (ADR 009). */
  billing: Billing;
  /** Configured boards and their connectors; absent until wired, and then ingest and health jobs do nothing. */
  licensing?: LicenseSources;
  /** Where the exclusion lists are read (docs/exclusions.md); absent until wired, and then screening reads nothing new. */
  exclusions?: ExclusionSources;
  close: () => Promise<void>;
};

export async function createContext({
  env,
  databaseUrl,
  secret,
  log,
  licensing,
  exclusions,
}: {
  env: Env;
  databaseUrl: string;
  secret: string;
  log: Logger;
  licensing?: LicenseSources;
  exclusions?: ExclusionSources;
}): Promise<AppContext> {
  const { pool, db } = connectDatabase(databaseUrl);
  await runMigrations(pool);
  const baseURL = publicBaseUrl(env);
  const mailer = createMailer(env);
  const sms = createSmsSender(env);
  const jobs = await startJobQueue(databaseUrl, log);
  const apiKeySecrets = deriveApiKeySecrets(secret);
  const captchaSecrets = deriveCaptchaSecrets(secret);
  const alertLinkSecrets = deriveAlertLinkSecrets(secret);
  const invitationSecrets = deriveInvitationSecrets(secret);
  const webhookSecrets = deriveWebhookSecrets(secret);
  const billing = createBilling({ env, secret });
  const auth = createAuth({ env, db, mailer, jobs, baseURL, secret, apiKeySecrets, log });
  const readSession = await createSessionReader(auth, pool);
  const close = async () => {
    await jobs.stop();
    await pool.end();
  };
  return {
    env,
    baseURL,
    db,
    pool,
    auth,
    readSession,
    apiKeySecrets,
    captchaSecrets,
    alertLinkSecrets,
    invitationSecrets,
    webhookSecrets,
    mailer,
    sms,
    jobs,
    billing,
    log,
    licensing,
    ...(exclusions ? { exclusions } : {}),
    close,
  };
}
