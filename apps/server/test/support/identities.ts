import { expect } from 'vitest';
import { createUser } from '../../src/modules/accounts/create-user.ts';
import { setUserActive } from '../../src/modules/accounts/set-user-active.ts';
import { uniqueEmail } from './accounts.ts';
import { HttpClient } from './http-client.ts';
import type { TestServer } from './test-server.ts';

export const IDENTITIES = ['anonymous', 'user', 'other', 'admin', 'deactivated'] as const;
export type Identity = (typeof IDENTITIES)[number];

export type Person = { client: HttpClient; userId: string; email: string };
/** One client per identity: `user` owns the resources a test makes, `other` is a second customer. */
export type Cast = { anonymous: HttpClient } & Record<Exclude<Identity, 'anonymous'>, Person>;

const PASSWORD = 'correct-horse';

/** A verified account of that role, signed in through better-auth's sign-in (created directly: fast). */
export async function signedInPerson(server: TestServer, role: 'user' | 'admin' = 'user'): Promise<Person> {
  const email = uniqueEmail(role);
  const { id } = await createUser(server.ctx.auth, server.ctx.db, { email, password: PASSWORD, role, verified: true });
  const client = new HttpClient(server.url);
  expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  return { client, userId: id, email };
}

/** Everyone a route may meet; `deactivated` signed in first and was then deactivated (its cookie is dead). */
export async function castIdentities(server: TestServer): Promise<Cast> {
  const [user, other, admin, deactivated] = await Promise.all([
    signedInPerson(server),
    signedInPerson(server),
    signedInPerson(server, 'admin'),
    signedInPerson(server),
  ]);
  await setUserActive(server.ctx.db, { email: deactivated.email }, false);
  return { anonymous: new HttpClient(server.url), user, other, admin, deactivated };
}

export function clientOf(cast: Cast, identity: Identity): HttpClient {
  return identity === 'anonymous' ? cast.anonymous : cast[identity].client;
}
