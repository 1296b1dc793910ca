import { inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { createUser } from '../../src/modules/accounts/create-user.ts';
import { setUserActive } from '../../src/modules/accounts/set-user-active.ts';
import { organisation, session } from '../../src/modules/accounts/tables.ts';
import { organisationMember } from '../../src/modules/organisations/tables.ts';
import { uniqueEmail } from './accounts.ts';
import { HttpClient } from './http-client.ts';
import type { TestServer } from './test-server.ts';
import { secretOfUri, totpNow } from './totp.ts';

export const IDENTITIES = ['anonymous', 'user', 'other', 'admin', 'deactivated', 'member', 'viewer'] as const;
export type Identity = (typeof IDENTITIES)[number];

/** `totpSecret` (base32) when two-factor is on: administrators have it, as the admin area requires. */
export type Person = { client: HttpClient; userId: string; email: string; totpSecret?: string };
/**
 * One client per identity: `user` owns the resources a test makes, `other` is a second customer.
 * `user` also owns an organisation (`organisationId`) in which `member` is an admin and `viewer` a
 * viewer, both working in it; `user` itself works in their own workspace (ADR 019).
 */
export type Cast = { anonymous: HttpClient; organisationId: string } & Record<Exclude<Identity, 'anonymous'>, Person>;

const PASSWORD = 'correct-horse';

/**
 * A verified account of that role, signed in through better-auth's sign-in (created directly: fast).
 * An administrator also turns two-factor on through the real endpoints, as the admin area requires
 * (ADR 038); its session is the one that enrolled.
 */
export async function signedInPerson(server: TestServer, role: 'user' | 'admin' = 'user'): Promise<Person> {
  const email = uniqueEmail(role);
  const { id } = await createUser(server.ctx.auth, server.ctx.db, { email, password: PASSWORD, role, verified: true });
  const client = new HttpClient(server.url);
  expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  if (role === 'user') return { client, userId: id, email };
  return { client, userId: id, email, totpSecret: await enrolTwoFactor(client, PASSWORD) };
}

/** Turns two-factor on for the signed-in `client` (enable, then a code from the secret): the base32 secret. */
export async function enrolTwoFactor(client: HttpClient, password: string): Promise<string> {
  const enabled = await client.post('/api/auth/two-factor/enable', { password });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  const secret = secretOfUri(enabled.body.totpURI);
  const verified = await client.post('/api/auth/two-factor/verify-totp', { code: totpNow(secret) });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return secret;
}

/** Everyone a route may meet; `deactivated` signed in first and was then deactivated (its cookie is dead). */
export async function castIdentities(server: TestServer): Promise<Cast> {
  const [user, other, admin, deactivated, member, viewer] = await Promise.all([
    signedInPerson(server),
    signedInPerson(server),
    signedInPerson(server, 'admin'),
    signedInPerson(server),
    signedInPerson(server),
    signedInPerson(server),
  ]);
  await setUserActive(server.ctx.db, { email: deactivated.email }, false);
  const organisationId = await organisationOf(server, { owner: user, admin: member, viewer });
  return { anonymous: new HttpClient(server.url), organisationId, user, other, admin, deactivated, member, viewer };
}

/** An organisation of `owner`'s with `admin` and `viewer` as members, both of them working in it. */
export async function organisationOf(
  server: TestServer,
  { owner, admin, viewer }: { owner: Person; admin?: Person; viewer?: Person },
  name = 'Matrix Clinic',
): Promise<string> {
  const [org] = await server.ctx.db.insert(organisation).values({ name }).returning({ id: organisation.id });
  if (!org) throw new Error('no organisation');
  const members = [
    { organisationId: org.id, userId: owner.userId, role: 'owner' as const },
    ...(admin ? [{ organisationId: org.id, userId: admin.userId, role: 'admin' as const }] : []),
    ...(viewer ? [{ organisationId: org.id, userId: viewer.userId, role: 'viewer' as const }] : []),
  ];
  await server.ctx.db.insert(organisationMember).values(members);
  const working = [admin, viewer].filter((p) => p !== undefined).map((p) => p.userId);
  if (working.length > 0) {
    await server.ctx.db.update(session).set({ activeOrganisationId: org.id }).where(inArray(session.userId, working));
  }
  return org.id;
}

export function clientOf(cast: Cast, identity: Identity): HttpClient {
  return identity === 'anonymous' ? cast.anonymous : cast[identity].client;
}
