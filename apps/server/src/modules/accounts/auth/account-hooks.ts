import { SIGN_UP_ROLES } from '@licensewatch/shared/accounts';
import { MESSAGES } from '@licensewatch/shared/messages';
import type { BetterAuthOptions } from 'better-auth';
import { APIError } from 'better-auth/api';
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../../platform/db/client.ts';
import { readSetting } from '../../../platform/settings/read-setting.ts';
import { startFreePlan } from '../../plans/start-free-plan.ts';
import type { ApiKeySecrets } from '../api-key-crypto.ts';
import { createApiKey } from '../create-api-key.ts';
import { session, user } from '../tables.ts';

/** better-auth's endpoints that make a session only once a TOTP or backup code is right. */
const SECOND_FACTOR_PATHS: ReadonlySet<string> = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

/** When a session used now lapses: now + session_timeout_minutes (an operator setting). */
async function idleExpiry(db: Db): Promise<Date> {
  return new Date(Date.now() + (await readSetting(db, 'session_timeout_minutes')) * 60_000);
}

/**
 * What happens around better-auth's own writes: an account's creation (the registration switch and
 * default role, then its Free plan and API key) and a session's (a deactivated account refused, the
 * sign-in recorded, the idle timeout applied).
 */
export function accountHooks({
  db,
  apiKeySecrets,
  log,
}: {
  db: Db;
  apiKeySecrets: ApiKeySecrets;
  log: Logger;
}): BetterAuthOptions['databaseHooks'] {
  return {
    // Every way an account comes to exist (sign-up, Google, createUser for the CLI and demo seed)
    // passes here. Should it fail, the account still gets its plan on first use (ensureUserPlan).
    user: {
      create: {
        // Through one of better-auth's endpoints (an email sign-up, a first Google sign-in) there
        // is an endpoint context; the CLI and the demo seed create accounts without one and keep
        // their explicit role whatever the settings say.
        before: async (u, endpoint) => {
          if (!endpoint) return;
          const [open, role] = await Promise.all([
            readSetting(db, 'user_registration_enabled'),
            readSetting(db, 'default_user_role'),
          ]);
          // The email sign-up is refused before better-auth runs; this is the Google path.
          if (!open) {
            throw new APIError('FORBIDDEN', {
              message: MESSAGES.signup.registrationDisabled,
              code: 'REGISTRATION_DISABLED',
            });
          }
          // Only a role a sign-up may have: an admin stored before that value was refused gives
          // nobody the admin area.
          const signUpRole = (SIGN_UP_ROLES as readonly string[]).includes(role) ? role : 'user';
          return { data: { ...u, role: signUpRole } };
        },
        after: async (u) => {
          try {
            await startFreePlan(db, u.id);
          } catch (err) {
            log.error({ err, userId: u.id }, 'could not start the free plan; it will start on first use');
          }
          try {
            await createApiKey({ db, apiKeySecrets }, { userId: u.id, workspaceId: u.id });
          } catch (err) {
            log.error(
              { err, userId: u.id },
              'could not create the API key; it will be created when credentials are read',
            );
          }
        },
      },
    },
    session: {
      create: {
        before: async (s) => {
          // One statement: refuses a deactivated account and, for an active one, records the
          // sign-in the admin user list shows (docs/product-rules.md, Users).
          const [row] = await db
            .update(user)
            .set({ lastSignInAt: sql`now()` })
            .where(and(eq(user.id, s.userId), eq(user.isActive, true)))
            .returning({ id: user.id });
          if (!row) {
            throw new APIError('FORBIDDEN', { message: MESSAGES.login.deactivated, code: 'ACCOUNT_DEACTIVATED' });
          }
          // The idle timeout bounds a new session too, so better-auth's own endpoints agree with
          // our session read (http/read-session.ts), which slides it while it is in use.
          return { data: { ...s, expiresAt: await idleExpiry(db) } };
        },
        // A session made by the second step of a sign-in (or by turning two-factor on, which
        // checks a code too) has passed a second factor; better-auth makes no other session with
        // one — Google's sign-in has none to pass (ADR 038).
        after: async (s, endpoint) => {
          if (endpoint && SECOND_FACTOR_PATHS.has(endpoint.path ?? '')) {
            await db.update(session).set({ secondFactorAt: sql`now()` }).where(eq(session.id, s.id));
          }
        },
      },
      update: {
        before: async (s) => (s.expiresAt ? { data: { ...s, expiresAt: await idleExpiry(db) } } : undefined),
      },
    },
  };
}
