import { createPrivateKey } from 'node:crypto';
import { isIP } from 'node:net';
import type { ContactOffice } from '@licensewatch/shared/contact';
import { z } from 'zod';

// Unset and empty both mean "not configured".
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalUrl = z.preprocess(blankToUndefined, z.url().optional());
const optionalString = z.preprocess(blankToUndefined, z.string().optional());

function isPrivateKey(pem: string): boolean {
  try {
    createPrivateKey(pem);
    return true;
  } catch {
    return false;
  }
}

function parseCoordinates(value: string): { lat: number; lon: number } | null {
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(value);
  if (!match) return null;
  const [lat, lon] = [Number(match[1]), Number(match[2])];
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null;
}

/** proxy-addr's names for whole families of addresses, which Fastify's trustProxy accepts. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * The proxies whose X-Forwarded-For is believed, or false for none (the socket's address is the
 * client's). `true` is refused: Fastify would then believe the header from any caller, and anyone
 * could pick the address the rate limits count and the audit log records.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): false | string[] => {
    const value = raw?.trim() ?? '';
    // What the boolean this variable used to be accepted (zod's stringbool) keeps its meaning for
    // false; every spelling of true is refused.
    if (value === '' || /^(false|0|no|off|n|disabled)$/i.test(value)) return false;
    if (/^(true|1|yes|on|y|enabled)$/i.test(value)) {
      ctx.addIssue({
        code: 'custom',
        message:
          "no longer takes true, which believes X-Forwarded-For from any caller: list the proxies' addresses or CIDR ranges, comma-separated, e.g. TRUST_PROXY=10.0.0.0/8 (or loopback for a proxy on this machine)",
      });
      return z.NEVER;
    }
    const entries = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (entries.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false or the proxies' addresses or CIDR ranges, comma-separated (e.g. 10.0.0.5,172.16.0.0/12 or loopback); not ${bad.join(', ') || value}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    // The crash tests' kill switch (platform/jobs/crash-point.ts); never in production.
    CRASH_AT: optionalString,
    APP_URL: optionalUrl,
    DATABASE_URL: optionalUrl,
    DATA_DIR: z.string().default('./data'),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: optionalUrl,
    EMAIL_FROM: z.string().default('LicenseWatch <no-reply@licensewatch.example>'),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_AUTHORIZATION_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
    GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
    // Google Sheet exports: a service account (its JSON key's client_email and private_key).
    GOOGLE_SERVICE_ACCOUNT_EMAIL: optionalString,
    GOOGLE_SERVICE_ACCOUNT_KEY: z.preprocess(
      // A PEM pasted into one line of an env file keeps its line breaks as literal \n.
      (v) => (typeof v === 'string' && v.trim() !== '' ? v.replaceAll('\\n', '\n').trim() : undefined),
      z
        .string()
        .refine(isPrivateKey, 'must be a PEM-encoded private key (the private_key of the service account JSON key)')
        .optional(),
    ),
    GOOGLE_API_ROOT_URL: optionalUrl,
    // A folder of a shared drive the service account is a member of: spreadsheets are created there,
    // for a service account that cannot own files in its own Drive (it has no storage quota).
    GOOGLE_DRIVE_FOLDER_ID: optionalString,
    // Airtable exports: a personal access token that may create bases in the workspace.
    AIRTABLE_TOKEN: optionalString,
    AIRTABLE_WORKSPACE_ID: optionalString,
    AIRTABLE_API_URL: z.url().default('https://api.airtable.com'),
    // Payments (Stripe). Without STRIPE_SECRET_KEY the built-in test mode runs outside production;
    // production without it offers no paid plans (the product can run free-only).
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_BASIC: optionalString,
    STRIPE_PRICE_PREMIUM: optionalString,
    STRIPE_PRICE_SMALL: optionalString,
    STRIPE_PRICE_GROWTH: optionalString,
    STRIPE_PRICE_ENTERPRISE: optionalString,
    // Only to point the Stripe client at a stand-in (tests do); unset = api.stripe.com.
    STRIPE_API_URL: optionalUrl,
    // SMS (Twilio's REST API): all three set = real texts; none = SMS stay in the dev outbox.
    TWILIO_ACCOUNT_SID: optionalString,
    TWILIO_AUTH_TOKEN: optionalString,
    // The sending number (E.164) or a Messaging Service SID (MG…).
    TWILIO_FROM: optionalString,
    // Only to point the client at a stand-in (tests do); unset = api.twilio.com.
    TWILIO_API_URL: z.url().default('https://api.twilio.com'),
    // The Monday reminder email: local time (HH:MM) in each user's zone, or this zone when they set none.
    WEEKLY_REMINDER_TIME: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (24-hour)')
      .default('08:00'),
    WEEKLY_REMINDER_TZ: z
      .string()
      .refine((zone) => {
        try {
          new Intl.DateTimeFormat('en-US', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, 'must be an IANA time zone, e.g. America/Los_Angeles')
      .default('America/Los_Angeles'),
    // Contact form: messages go to this Slack incoming webhook; unset, they stay stored as pending.
    SLACK_WEBHOOK_URL: optionalUrl,
    // The office on /contact: its address lines separated by ';' and, for the map, "latitude,longitude".
    // Unset, the page shows email, hours and the form only.
    CONTACT_OFFICE_ADDRESS: optionalString,
    CONTACT_OFFICE_COORDINATES: z.preprocess(
      blankToUndefined,
      z
        .string()
        .refine((v) => parseCoordinates(v) !== null, 'must be "latitude,longitude" in decimal degrees')
        .optional(),
    ),
    // reCAPTCHA v2 on the contact form when both are set; otherwise the self-hosted ALTCHA.
    RECAPTCHA_SITE_KEY: optionalString,
    RECAPTCHA_SECRET_KEY: optionalString,
    RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // The client's address is the first hop, from the socket back through X-Forwarded-For, that
    // is not one of these proxies (docs/security.md, Rate limits).
    TRUST_PROXY: trustProxy,
    // Further origins whose pages may send state-changing requests with the session cookie (a
    // deployment reached under several hosts); APP_URL's origin is always one.
    TRUSTED_ORIGINS: z.preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : v,
      z
        .array(
          z
            .url()
            .refine(
              (u) => URL.canParse(u) && new URL(u).origin === u.replace(/\/$/, ''),
              'each origin is scheme://host[:port], no path',
            ),
          { error: 'must be a comma-separated list of origins' },
        )
        .default([]),
    ),
    // Bearer token that opens GET /metrics to a scraper; without it only loopback may read it.
    METRICS_TOKEN: z.preprocess(blankToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
    // License sources: the board simulator (default outside production) or the real boards.
    LICENSE_SOURCES: z.enum(['simulator', 'real']).optional(),
    LICENSE_SOURCES_FILE: z.string().optional(),
    SOCRATA_APP_TOKEN: z.string().optional(),
    SIM_URL: optionalUrl,
    SIM_PORT: z.coerce.number().int().min(0).max(65535).default(3100),
    SIM_SEED: z.coerce.number().int().default(42),
    SIM_SIZE: z.coerce.number().int().min(1).max(5_000_000).default(20_000),
    SEED_DEMO: z.stringbool().optional(),
    // The NPPES NPI Registry the NPI look-up asks; unset: the board simulator's in simulator mode,
    // the real registry (https://npiregistry.cms.hhs.gov/api/) otherwise.
    NPPES_API_URL: optionalUrl,
    // Exclusion lists (docs/exclusions.md). LEIE_URL: where the OIG's UPDATED.csv and monthly
    // supplements are; unset: the board simulator's in simulator mode, the OIG's otherwise.
    LEIE_URL: optionalUrl,
    // SAM.gov's exclusions API: without a key it is "not configured" (the simulator's stands in, in simulator mode).
    SAM_API_KEY: z.preprocess(blankToUndefined, z.string().optional()),
    SAM_API_URL: optionalUrl,
    // Requests to SAM.gov per UTC day, all processes and uses together (a physician's check costs one
    // per page of the name search plus one for the NPI): a key with a role allows 1,000 a day, one
    // without 10. Unset: SAM_DAILY_LOOKUPS, else 900 (exclusion-sources.ts).
    SAM_DAILY_REQUESTS: z.coerce.number().int().min(0).max(1_000_000).optional(),
    // Deprecated alias of SAM_DAILY_REQUESTS (it used to count physicians); read only when that is unset.
    SAM_DAILY_LOOKUPS: z.coerce.number().int().min(0).max(1_000_000).optional(),
  })
  .superRefine((env, ctx) => {
    // Half a provider's settings is a mistake, not "off": say so at start rather than export nothing.
    const together = (a: keyof typeof env, b: keyof typeof env) => {
      if (Boolean(env[a]) === Boolean(env[b])) return;
      const [missing, given] = env[a] ? [b, a] : [a, b];
      ctx.addIssue({ code: 'custom', path: [missing], message: `is required with ${given}` });
    };
    together('GOOGLE_SERVICE_ACCOUNT_EMAIL', 'GOOGLE_SERVICE_ACCOUNT_KEY');
    together('AIRTABLE_TOKEN', 'AIRTABLE_WORKSPACE_ID');
    // Without the webhook secret no payment would ever reach a plan.
    together('STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET');
    together('RECAPTCHA_SITE_KEY', 'RECAPTCHA_SECRET_KEY');
    together('TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN');
    together('TWILIO_ACCOUNT_SID', 'TWILIO_FROM');
    if (env.CONTACT_OFFICE_COORDINATES && !env.CONTACT_OFFICE_ADDRESS) {
      ctx.addIssue({
        code: 'custom',
        path: ['CONTACT_OFFICE_ADDRESS'],
        message: 'is required with CONTACT_OFFICE_COORDINATES',
      });
    }
    if (env.NODE_ENV !== 'production') return;
    if (env.CRASH_AT)
      ctx.addIssue({
        code: 'custom',
        path: ['CRASH_AT'],
        message: 'is for the crash tests only and is refused in production',
      });
    if (!env.AUTH_SECRET) ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production' });
    if (!env.DATABASE_URL)
      ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'is required in production' });
    if (!env.APP_URL) ctx.addIssue({ code: 'custom', path: ['APP_URL'], message: 'is required in production' });
    if (!env.SMTP_URL) ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required in production' });
  });

export type Env = z.infer<typeof envSchema>;

/** Parses the environment; on a bad value prints one line per variable and exits, so misconfiguration fails at start. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
  console.error(`Invalid environment configuration:\n${lines.join('\n')}`);
  process.exit(1);
}

/** The URL people and emails use to reach this server. */
export function publicBaseUrl(env: Env): string {
  return (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}

/**
 * Origins whose pages may change state with the session cookie (docs/security.md, Cross-site
 * requests): APP_URL's, the configured TRUSTED_ORIGINS and, outside production, this port on
 * loopback (a developer opening 127.0.0.1 instead of localhost is not a forgery).
 */
export function trustedOrigins(env: Env): string[] {
  const origins = new Set([new URL(publicBaseUrl(env)).origin, ...env.TRUSTED_ORIGINS.map((o) => new URL(o).origin)]);
  if (env.NODE_ENV !== 'production') {
    for (const host of ['localhost', '127.0.0.1', '[::1]']) origins.add(`http://${host}:${env.PORT}`);
  }
  return [...origins];
}

export function licenseSourceMode(env: Env): 'simulator' | 'real' {
  return env.LICENSE_SOURCES ?? (env.NODE_ENV === 'production' ? 'real' : 'simulator');
}

export function googleEnabled(env: Env): boolean {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

export function googleSheetsEnabled(env: Env): boolean {
  return Boolean(env.GOOGLE_SERVICE_ACCOUNT_EMAIL && env.GOOGLE_SERVICE_ACCOUNT_KEY);
}

export function twilioEnabled(env: Env): boolean {
  return Boolean(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM);
}

export function airtableEnabled(env: Env): boolean {
  return Boolean(env.AIRTABLE_TOKEN && env.AIRTABLE_WORKSPACE_ID);
}

/** The office /contact shows, or null when none is configured. */
export function contactOffice(env: Env): ContactOffice | null {
  const lines = (env.CONTACT_OFFICE_ADDRESS ?? '')
    .split(';')
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0) return null;
  const coordinates = env.CONTACT_OFFICE_COORDINATES ? parseCoordinates(env.CONTACT_OFFICE_COORDINATES) : null;
  return { lines, coordinates };
}

export function recaptchaEnabled(env: Env): boolean {
  return Boolean(env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET_KEY);
}
