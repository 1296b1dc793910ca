import { PASSWORD_MAX, PASSWORD_MIN, type Role } from '@licensewatch/shared/accounts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Auth } from './auth.ts';
import { user } from './tables.ts';

type NewUser = { email: string; password: string; name?: string; role?: Role; verified?: boolean };

/** Creates an account without the sign-up flow (operator CLI, demo seed). Goes through better-auth so the password hash and account rows match real sign-ups. */
export async function createUser(auth: Auth, db: Db, input: NewUser): Promise<{ id: string; email: string }> {
  const email = input.email.trim().toLowerCase();
  if (input.password.length < PASSWORD_MIN || input.password.length > PASSWORD_MAX) {
    throw new Error(`The password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long`);
  }
  const ctx = await auth.$context;
  const existing = await ctx.internalAdapter.findUserByEmail(email);
  if (existing) throw new Error(`A user with email ${email} already exists`);
  const created = await ctx.internalAdapter.createUser(
    {
      email,
      name: input.name ?? email.split('@')[0] ?? email,
      emailVerified: input.verified ?? false,
    },
    { method: 'admin' },
  );
  await ctx.internalAdapter.linkAccount({
    userId: created.id,
    providerId: 'credential',
    accountId: created.id,
    password: await ctx.password.hash(input.password),
  });
  if (input.role && input.role !== 'user') {
    await db.update(user).set({ role: input.role }).where(eq(user.id, created.id));
  }
  return { id: created.id, email };
}
