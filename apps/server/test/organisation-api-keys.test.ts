import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignPlan } from '../src/modules/plans/assign-plan.ts';
import { apiUsage, userCredit } from '../src/modules/plans/tables.ts';
import { waitForEmail } from './support/http-client.ts';
import { type Person, signedInPerson } from './support/identities.ts';
import { pickPhysician, type SimulatedBoards, withSimulatedBoards } from './support/simulated-boards.ts';
import type { TestServer } from './support/test-server.ts';

// API keys per organisation seat (ADR 022): each member has a key of their own for the
// organisation, every such key spends the organisation's API credits, an owner or admin can
// replace a member's key, and a key stops working the moment its owner leaves.
let server: TestServer;
let boards: SimulatedBoards;
withSimulatedBoards({ size: 300, seed: 7 }, (running) => {
  ({ server, boards } = running);
});

let owner: Person;
let member: Person;
let organisationId: string;

async function join(invitee: Person, role: 'admin' | 'viewer') {
  const sent = await owner.client.post(`/api/v2/organisations/${organisationId}/invitations`, {
    email: invitee.email,
    role,
  });
  expect(sent.status).toBe(201);
  const email = await waitForEmail(owner.client, invitee.email, { subject: /invited you to/ });
  const url = new URL(email.link);
  const id = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  const res = await invitee.client.post(`/api/v2/invitations/${id}/accept`, { token: url.searchParams.get('token') });
  expect(res.status).toBe(200);
}

const keyOf = async (person: Person): Promise<string> =>
  (await person.client.get('/api/v1/credentials/')).body.credential_key;

const credits = async (workspaceId: string) =>
  (await server.ctx.db.select().from(userCredit).where(eq(userCredit.workspaceId, workspaceId)))[0]?.apiCredits ?? 0;

/** One billed search by license number; the status it answers. */
async function search(key: string): Promise<number> {
  const physician = pickPhysician(boards.persons, { minLicenses: 1 });
  const license = physician.licenses[0];
  if (!license?.licenseNumber) throw new Error('no numbered license');
  const query = new URLSearchParams({ license_number: license.licenseNumber, state: license.jurisdiction });
  const res = await fetch(`${server.url}/api/v1/search-license-by-number?${query}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  await res.text();
  return res.status;
}

beforeAll(async () => {
  [owner, member] = await Promise.all([signedInPerson(server), signedInPerson(server)]);
  const created = await owner.client.post('/api/v2/organisations/', { name: 'Seat Clinic' });
  expect(created.status).toBe(201);
  organisationId = created.body.id;
  const endDate = new Date(Date.now() + 30 * 86_400_000);
  for (const [userId, planName] of [
    [organisationId, 'growth'],
    [owner.userId, 'small'],
  ] as const) {
    await assignPlan(server.ctx.db, { userId, planName, trial: false, endDate, reason: 'plan-change' });
  }
  await join(member, 'viewer');
});

describe('API keys of an organisation', () => {
  it("are one per member, and every one spends the organisation's credits, never the person's", async () => {
    const ownerOrgKey = await keyOf(owner);
    const memberOrgKey = await keyOf(member);
    expect(ownerOrgKey).not.toBe(memberOrgKey);
    await owner.client.put('/api/v2/organisations/active', { organisation_id: null });
    const ownerOwnKey = await keyOf(owner);
    expect(ownerOwnKey).not.toBe(ownerOrgKey);
    await owner.client.put('/api/v2/organisations/active', { organisation_id: organisationId });

    const [orgBefore, ownBefore] = [await credits(organisationId), await credits(owner.userId)];
    expect(await search(ownerOrgKey)).toBe(200);
    expect(await search(memberOrgKey)).toBe(200);
    expect(await credits(organisationId)).toBe(orgBefore - 2);
    expect(await credits(owner.userId)).toBe(ownBefore);
    // The credentials record and the usage page read the organisation's figures.
    expect((await member.client.get('/api/v1/credentials/')).body.amount).toBe(orgBefore - 2);
    const usage = await member.client.get('/api/v2/api-usage');
    expect(usage.status).toBe(200);
    expect(usage.body.billed_this_month).toBe(2);
    const rows = await server.ctx.db.select().from(apiUsage).where(eq(apiUsage.workspaceId, organisationId));
    expect(rows.map((r) => r.userId).sort()).toEqual([owner.userId, member.userId].sort());

    expect(await search(ownerOwnKey)).toBe(200);
    expect(await credits(owner.userId)).toBe(ownBefore - 1);
  });

  it("can be replaced by an admin: the member's old key stops at once, the new one works", async () => {
    const old = await keyOf(member);
    const reset = await owner.client.post(`/api/v2/organisations/${organisationId}/members/${member.userId}/api-key`);
    expect(reset).toMatchObject({ status: 200, body: { ok: true } });
    expect(await search(old)).toBe(401);
    const fresh = await keyOf(member);
    expect(fresh).not.toBe(old);
    expect(await search(fresh)).toBe(200);
    // A viewer cannot reset anyone's key, and nothing changes.
    const refused = await member.client.post(`/api/v2/organisations/${organisationId}/members/${owner.userId}/api-key`);
    expect(refused).toMatchObject({ status: 403, body: { code: 'ORGANISATION_ADMIN_REQUIRED' } });
    expect(await search(await keyOf(owner))).toBe(200);
  });

  it('stop working when their owner leaves the organisation', async () => {
    const key = await keyOf(member);
    expect(await search(key)).toBe(200);
    const left = await member.client.request(
      'DELETE',
      `/api/v2/organisations/${organisationId}/members/${member.userId}`,
    );
    expect(left.status).toBe(200);
    expect(await search(key)).toBe(401);
    // Back in their own workspace, the member's own key is theirs as before.
    expect(await keyOf(member)).not.toBe(key);
  });
});
