import { z } from 'zod';

// Unset and empty both mean "not configured".
const optionalUrl = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.url().optional());

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
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
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z.stringbool().default(false),
    // License sources: the board simulator (default outside production) or the real boards.
    LICENSE_SOURCES: z.enum(['simulator', 'real']).optional(),
    LICENSE_SOURCES_FILE: z.string().optional(),
    SOCRATA_APP_TOKEN: z.string().optional(),
    SIM_URL: optionalUrl,
    SIM_PORT: z.coerce.number().int().min(0).max(65535).default(3100),
    SIM_SEED: z.coerce.number().int().default(42),
    SIM_SIZE: z.coerce.number().int().min(1).max(5_000_000).default(20_000),
    SEED_DEMO: z.stringbool().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
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

export function licenseSourceMode(env: Env): 'simulator' | 'real' {
  return env.LICENSE_SOURCES ?? (env.NODE_ENV === 'production' ? 'real' : 'simulator');
}

export function googleEnabled(env: Env): boolean {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}
