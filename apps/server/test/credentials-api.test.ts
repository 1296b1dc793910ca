import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PREFIX, decryptApiKey, generateApiKey } from '../src/modules/accounts/api-key-crypto.ts';
import { createUser } from '../src/modules/accounts/create-user.ts';
import { apiKey, user } from '../src/modules/accounts/tables.ts';
import { assignPlan } from '../src/modules/plans/assign-plan.ts';
import { grantTemporaryCredits } from '../src/modules/plans/grant-temporary-credits.ts';
import { userCredit, userPlan } from '../src/modules/plans/tables.ts';
import { signUpAndVerify, uniqueEmail } from './support/accounts.ts';
import { HttpClient } from './support/http-client.ts';
import { apiKeyOwner } from './support/search-api.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  // No worker: nothing here runs jobs, and the sign-up emails are read from the outbox table.
  server = await startTestServer({}, { worker: false });
});
afterAll(async () => {
  await server?.close();
});

const PATH = '/api/v1/credentials/';
const KEY_SHAPE = /^lw_[A-Za-z0-9_-]{43}$/;

type Account = { client: HttpClient; userId: string };

async function signedIn(): Promise<Account> {
  const client = new HttpClient(server.url);
  const { email } = await signUpAndVerify(client);
  const [row] = await server.ctx.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error('no user');
  return { client, userId: row.id };
}

const regenerate = (client: HttpClient) => client.request('PATCH', PATH);
const findUser = (key: string) => apiKeyOwner(server, key);

/** The trial's end as stored: what a Free account's end_date is during its trial (ADR 026). */
async function trialEndOf(userId: string): Promise<string> {
  const [row] = await server.ctx.db
    .select({ trialEndsAt: userPlan.trialEndsAt })
    .from(userPlan)
    .where(eq(userPlan.workspaceId, userId));
  if (!row?.trialEndsAt) throw new Error('no trial');
  return row.trialEndsAt.toISOString();
}

async function keyRowsOf(userId: string) {
  return server.ctx.db.select().from(apiKey).where(eq(apiKey.userId, userId));
}

describe('credentials record', () => {
  it('refuses signed-out callers before looking at the request', async () => {
    const client = new HttpClient(server.url);
    expect((await client.get(PATH)).status).toBe(401);
    expect((await regenerate(client)).status).toBe(401);
    const junk = await client.request('PATCH', PATH, '{not json', { 'content-type': 'application/json' });
    expect(junk.status).toBe(401);
  });

  it("gives a new account an API key at sign-up and Free's record, uncached", async () => {
    const { client, userId } = await signedIn();
    // Created by the user-create hook, before anything asked for it.
    expect(await keyRowsOf(userId)).toHaveLength(1);

    const res = await client.get(PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      reports_plan: { end_date: await trialEndOf(userId), remain_report_number: 1, plan_name: 'free' },
      credential_key: expect.stringMatching(KEY_SHAPE),
      // A new key may search, and nothing more until its owner says so.
      credential_scopes: ['search'],
      amount: 0,
    });
    expect((await client.get(PATH)).body.credential_key).toBe(res.body.credential_key);
    expect(await findUser(res.body.credential_key)).toBe(userId);
  });

  it('gives accounts created outside sign-up (CLI, demo seed) a key too', async () => {
    const created = await createUser(server.ctx.auth, server.ctx.db, {
      email: uniqueEmail('cli'),
      password: 'correct-horse',
      verified: true,
    });
    expect(await keyRowsOf(created.id)).toHaveLength(1);
  });

  it('creates plan and key on first read for an account that has neither', async () => {
    const { client, userId } = await signedIn();
    // As an account from before plans and keys: no rows at all.
    await server.ctx.db.delete(apiKey).where(eq(apiKey.userId, userId));
    await server.ctx.db.delete(userCredit).where(eq(userCredit.workspaceId, userId));
    await server.ctx.db.delete(userPlan).where(eq(userPlan.workspaceId, userId));

    const [first, second] = await Promise.all([client.get(PATH), client.get(PATH)]);
    expect(first?.status).toBe(200);
    expect(second?.status).toBe(200);
    expect(first?.body.credential_key).toMatch(KEY_SHAPE);
    // Two first reads racing still settle on one key.
    expect(second?.body.credential_key).toBe(first?.body.credential_key);
    expect(first?.body.reports_plan).toEqual({
      end_date: await trialEndOf(userId),
      remain_report_number: 1,
      plan_name: 'free',
    });
    expect(await findUser(first?.body.credential_key)).toBe(userId);
  });

  it('does not store the key in plaintext', async () => {
    const { client, userId } = await signedIn();
    const key: string = (await client.get(PATH)).body.credential_key;
    const [row] = await keyRowsOf(userId);
    if (!row) throw new Error('no key row');
    const body = key.slice(API_KEY_PREFIX.length);
    for (const column of [row.ciphertext, row.lookupHmac]) {
      expect(column).not.toContain(body);
      expect(column).not.toContain(body.slice(0, 12));
    }
    expect(row.lookupHmac).not.toBe(key);
    // The ciphertext is the key under AES-GCM with the server's derived key, and nothing else.
    expect(decryptApiKey(server.ctx.apiKeySecrets, row.ciphertext, userId)).toBe(key);
  });

  it('regenerates: a different key answers, the old one stops working at once', async () => {
    const { client, userId } = await signedIn();
    const before = await client.get(PATH);
    const oldKey: string = before.body.credential_key;

    const res = await regenerate(client);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const newKey: string = res.body.credential_key;
    expect(newKey).toMatch(KEY_SHAPE);
    expect(newKey).not.toBe(oldKey);
    expect(res.body).toEqual({ ...before.body, credential_key: newKey });

    expect(await findUser(oldKey)).toBeNull();
    expect(await findUser(newKey)).toBe(userId);
    expect((await client.get(PATH)).body.credential_key).toBe(newKey);
    expect(await keyRowsOf(userId)).toHaveLength(1);

    // The SPA sends `{}` as JSON rather than no body at all; both mean the same.
    const again = await client.request('PATCH', PATH, {});
    expect(again.status).toBe(200);
    expect(again.body.credential_key).not.toBe(newKey);
    expect(await findUser(newKey)).toBeNull();
  });

  for (const parallel of [2, 10]) {
    it(`leaves exactly one valid key after ${parallel} concurrent regenerations`, async () => {
      const { client, userId } = await signedIn();
      const original: string = (await client.get(PATH)).body.credential_key;
      const answers = await Promise.all(Array.from({ length: parallel }, () => regenerate(client)));
      for (const a of answers) expect(a.status).toBe(200);

      const seen = new Set([original, ...answers.map((a) => a.body.credential_key as string)]);
      const valid: string[] = [];
      for (const key of seen) if ((await findUser(key)) === userId) valid.push(key);
      expect(valid).toHaveLength(1);
      expect((await client.get(PATH)).body.credential_key).toBe(valid[0]);
      expect(await keyRowsOf(userId)).toHaveLength(1);
    });
  }

  it('serialises 30 concurrent regenerations: each answer is the key its own regeneration stored', async () => {
    const { client, userId } = await signedIn();
    const answers = await Promise.all(Array.from({ length: 30 }, () => regenerate(client)));
    for (const a of answers) expect(a.status).toBe(200);
    const keys = answers.map((a) => a.body.credential_key as string);
    // Answers that read the key back after another regeneration had committed repeated its key.
    expect(new Set(keys).size).toBe(30);
    const stored: string = (await client.get(PATH)).body.credential_key;
    expect(keys).toContain(stored);
    expect(await findUser(stored)).toBe(userId);
    expect(await keyRowsOf(userId)).toHaveLength(1);
  });

  it("never answers with another user's key", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const aliceKey: string = (await alice.client.get(PATH)).body.credential_key;
    const bobKey: string = (await bob.client.get(PATH)).body.credential_key;
    expect(aliceKey).not.toBe(bobKey);

    const aliceNew: string = (await regenerate(alice.client)).body.credential_key;
    expect((await bob.client.get(PATH)).body.credential_key).toBe(bobKey);
    expect(await findUser(bobKey)).toBe(bob.userId);
    expect(await findUser(aliceNew)).toBe(alice.userId);
    expect([aliceKey, aliceNew]).not.toContain(bobKey);
  });

  it('counts temporary credits in remain_report_number', async () => {
    const { client, userId } = await signedIn();
    await grantTemporaryCredits(server.ctx.db, { userId, credits: 4 });
    expect((await client.get(PATH)).body.reports_plan.remain_report_number).toBe(5);
  });

  it('answers null report credits (unlimited) and the end date for Enterprise', async () => {
    const { client, userId } = await signedIn();
    const endDate = new Date(Date.now() + 30 * 86_400_000);
    await assignPlan(server.ctx.db, { userId, planName: 'enterprise', trial: false, endDate, reason: 'plan-change' });
    const res = await client.get(PATH);
    expect(res.body.reports_plan).toEqual({
      end_date: endDate.toISOString(),
      remain_report_number: null,
      plan_name: 'enterprise',
    });
    expect(res.body.amount).toBe(25_000);
  });

  it('is served on an expired plan too', async () => {
    const { client, userId } = await signedIn();
    const endDate = new Date(Date.now() - 86_400_000);
    await assignPlan(server.ctx.db, { userId, planName: 'premium', trial: false, endDate, reason: 'plan-change' });
    const res = await client.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.reports_plan).toEqual({
      end_date: endDate.toISOString(),
      remain_report_number: 5,
      plan_name: 'premium',
    });
    expect((await regenerate(client)).status).toBe(200);
  });

  it('finds nobody with an unknown or malformed key', async () => {
    const { client } = await signedIn();
    const key: string = (await client.get(PATH)).body.credential_key;
    const sibling = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    for (const junk of ['', 'lw_', key.slice(0, -1), `${key}x`, key.toUpperCase(), sibling, generateApiKey()]) {
      expect(await findUser(junk)).toBeNull();
    }
  });

  it("finds nobody with a deactivated user's key, and refuses their session", async () => {
    const { client, userId } = await signedIn();
    const key: string = (await client.get(PATH)).body.credential_key;
    expect(await findUser(key)).toBe(userId);
    await server.ctx.db.update(user).set({ isActive: false }).where(eq(user.id, userId));
    expect(await findUser(key)).toBeNull();
    expect((await client.get(PATH)).status).toBe(401);
    expect((await regenerate(client)).status).toBe(401);
  });

  it('fails clearly when a key cannot be decrypted, and regenerating heals it', async () => {
    const { client, userId } = await signedIn();
    await client.get(PATH);
    // What a changed AUTH_SECRET looks like from here: a ciphertext the server's key does not open.
    const [row] = await keyRowsOf(userId);
    const [iv, tag, ciphertext] = (row?.ciphertext ?? '').split('.');
    const forged = `${iv}.${tag?.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}.${ciphertext}`;
    await server.ctx.db.update(apiKey).set({ ciphertext: forged }).where(eq(apiKey.userId, userId));

    const broken = await client.get(PATH);
    expect(broken.status).toBe(500);
    expect(broken.body.credential_key).toBeUndefined();
    const healed = await regenerate(client);
    expect(healed.status).toBe(200);
    expect(await findUser(healed.body.credential_key)).toBe(userId);
  });
});

describe('reports_plan.end_date, the contract a client applies (docs/product-rules.md, Plan expiry)', () => {
  // The rule of docs/product-rules.md, Plan expiry, exactly as an outside client reads it: missing or past → expired.
  const expiredByContract = (endDate: string | null) => endDate === null || new Date(endDate).getTime() <= Date.now();
  const endDateOf = async (client: HttpClient) => (await client.get(PATH)).body.reports_plan.end_date as string | null;

  it('is the trial’s end on a new account (Free, on its trial): not expired', async () => {
    const { client, userId } = await signedIn();
    const endDate = await endDateOf(client);
    expect(endDate).toBe(await trialEndOf(userId));
    expect(expiredByContract(endDate)).toBe(false);
  });

  it('is the end of the current monthly cycle on Free after its trial, rolling forward: never expired', async () => {
    const { client, userId } = await signedIn();
    await server.ctx.db
      .update(userPlan)
      .set({ isTrial: false, trialEndsAt: new Date(Date.now() - 86_400_000) })
      .where(eq(userPlan.workspaceId, userId));
    const endDate = await endDateOf(client);
    const now = new Date();
    expect(endDate).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString());
    expect(expiredByContract(endDate)).toBe(false);
  });

  it('is the paid period’s end on a paid plan, also when it is cancelled at that end: not expired', async () => {
    const { client, userId } = await signedIn();
    const endDate = new Date(Date.now() + 12 * 86_400_000);
    await assignPlan(server.ctx.db, { userId, planName: 'premium', trial: false, endDate, reason: 'plan-change' });
    expect(await endDateOf(client)).toBe(endDate.toISOString());
    await server.ctx.db.update(userPlan).set({ cancelAtPeriodEnd: true }).where(eq(userPlan.workspaceId, userId));
    const cancelled = await endDateOf(client);
    expect(cancelled).toBe(endDate.toISOString());
    expect(expiredByContract(cancelled)).toBe(false);
  });

  it('is in the past on an expired plan: expired, and the server refuses reports alike', async () => {
    const { client, userId } = await signedIn();
    const endDate = new Date(Date.now() - 3_600_000);
    await assignPlan(server.ctx.db, { userId, planName: 'basic', trial: false, endDate, reason: 'plan-change' });
    const ended = await endDateOf(client);
    expect(ended).toBe(endDate.toISOString());
    expect(expiredByContract(ended)).toBe(true);
    expect((await client.get('/api/v1/reports/not-a-report')).body.code).toBe('PLAN_EXPIRED');
  });
});
