import { MESSAGES } from '@licensewatch/shared/messages';
import { ORGANISATION_MESSAGES } from '@licensewatch/shared/organisations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, user, workspace } from '../src/modules/accounts/tables.ts';
import { organisationInvitation } from '../src/modules/organisations/tables.ts';
import { userPlan } from '../src/modules/plans/tables.ts';
import { HttpClient, waitForEmail } from './support/http-client.ts';
import { type Person, signedInPerson } from './support/identities.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// Organisations (ADR 019): members share the organisation's reports, plan and credits; the roles
// decide who changes what; invitations are bound to their address, expire and work once; the
// workspace a request acts on comes from its session and its membership at that moment.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { worker: false });
});
afterAll(() => server?.close());

const REPORT = { firstName: 'Ada', lastName: 'Okafor', licenseType: 'MD', states: ['Oregon'] };

async function createOrganisation(owner: Person, name = 'Riverside Clinic'): Promise<string> {
  const res = await owner.client.post('/api/v2/organisations/', { name });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ name, role: 'owner', member_count: 1 });
  return res.body.id;
}

/** Invites `invitee` as `role` and follows the emailed link with their session. */
async function invite(owner: Person, organisationId: string, invitee: Person, role: 'admin' | 'viewer') {
  const sent = await owner.client.post(`/api/v2/organisations/${organisationId}/invitations`, {
    email: invitee.email.toUpperCase(),
    role,
  });
  expect(sent.status).toBe(201);
  const email = await waitForEmail(owner.client, invitee.email, { subject: /invited you to/ });
  const url = new URL(email.link);
  const id = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  const token = url.searchParams.get('token') ?? '';
  return { id, token, email };
}

async function accept(person: Person, link: { id: string; token: string }) {
  return person.client.post(`/api/v2/invitations/${link.id}/accept`, { token: link.token });
}

const reportNames = async (person: Person) =>
  ((await person.client.get('/api/v1/reports/')).body as { name: string }[]).map((r) => r.name).sort();

describe('an organisation', () => {
  it('is created with its own workspace on Free, and its creator works in it at once', async () => {
    const owner = await signedInPerson(server);
    const id = await createOrganisation(owner);
    const [row] = await server.ctx.db.select().from(workspace).where(eq(workspace.id, id));
    expect(row?.kind).toBe('organisation');
    const [plan] = await server.ctx.db.select().from(userPlan).where(eq(userPlan.workspaceId, id));
    expect(plan?.planName).toBe('free');

    const list = await owner.client.get('/api/v2/organisations/');
    expect(list.body).toEqual({
      organisations: [{ id, name: 'Riverside Clinic', role: 'owner', member_count: 1 }],
      active_organisation_id: id,
      suggested_name: null,
    });
    // A report made now is the organisation's, not the owner's own.
    expect((await owner.client.post('/api/v2/reports/', { ...REPORT, name: 'Clinic report' })).status).toBe(201);
    expect(await reportNames(owner)).toEqual(['Clinic report']);
    const back = await owner.client.put('/api/v2/organisations/active', { organisation_id: null });
    expect(back.body.active_organisation_id).toBeNull();
    expect(await reportNames(owner)).toEqual([]);
  });

  it('shares its reports and credits with its members; a viewer reads and changes nothing', async () => {
    const [owner, admin, viewer, stranger] = await Promise.all([
      signedInPerson(server),
      signedInPerson(server),
      signedInPerson(server),
      signedInPerson(server),
    ]);
    const id = await createOrganisation(owner);
    expect((await accept(admin, await invite(owner, id, admin, 'admin'))).body).toMatchObject({ id, role: 'admin' });
    expect((await accept(viewer, await invite(owner, id, viewer, 'viewer'))).body).toMatchObject({ role: 'viewer' });

    // Free has one report credit: the organisation's, whoever spends it.
    const made = await admin.client.post('/api/v2/reports/', { ...REPORT, name: 'Shared' });
    expect(made.status).toBe(201);
    const second = await owner.client.post('/api/v2/reports/', { ...REPORT, name: 'One too many' });
    expect(second.status).toBe(402);
    expect(second.body.detail).toBe(MESSAGES.reports.noReportCredits);
    for (const person of [owner, admin, viewer]) expect(await reportNames(person)).toEqual(['Shared']);

    const refused = await viewer.client.post('/api/v2/reports/', REPORT);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'VIEWER_READ_ONLY', detail: ORGANISATION_MESSAGES.viewerReadOnly });
    expect((await viewer.client.delete(`/api/v2/reports/${made.body.id}`)).status).toBe(403);
    expect((await viewer.client.get(`/api/v1/reports/${made.body.id}`)).status).toBe(200);
    const checkout = { priceId: 'price_test_small', planType: 'business', planName: 'small' };
    expect((await viewer.client.post('/api/v1/stripe/create-checkout-session', checkout)).status).toBe(403);

    // Someone outside: the organisation and its report do not exist for them.
    expect((await stranger.client.get(`/api/v1/reports/${made.body.id}`)).status).toBe(404);
    expect((await stranger.client.get(`/api/v2/organisations/${id}/members`)).status).toBe(404);
    expect((await stranger.client.put('/api/v2/organisations/active', { organisation_id: id })).status).toBe(404);

    const members = await admin.client.get(`/api/v2/organisations/${id}/members`);
    expect(members.body.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      ...[
        [admin.email, 'admin'],
        [viewer.email, 'viewer'],
      ],
    ]);
    // Invitations are the managers' business.
    expect((await viewer.client.get(`/api/v2/organisations/${id}/members`)).body.invitations).toEqual([]);
  });

  it('takes a removed member out at their next request, whichever session they use', async () => {
    const [owner, member] = await Promise.all([signedInPerson(server), signedInPerson(server)]);
    const id = await createOrganisation(owner);
    await accept(member, await invite(owner, id, member, 'admin'));
    await owner.client.post('/api/v2/reports/', { ...REPORT, name: 'Clinic only' });
    expect(await reportNames(member)).toEqual(['Clinic only']);

    expect((await owner.client.delete(`/api/v2/organisations/${id}/members/${member.userId}`)).status).toBe(200);
    expect(await reportNames(member)).toEqual([]);
    expect((await member.client.get('/api/v2/organisations/')).body).toEqual({
      organisations: [],
      active_organisation_id: null,
      suggested_name: null,
    });
    const sessions = await server.ctx.db.select().from(session).where(eq(session.userId, member.userId));
    expect(sessions.every((s) => s.activeOrganisationId === null)).toBe(true);
  });

  it('changes roles, transfers ownership, and never leaves itself without an owner', async () => {
    const [owner, member] = await Promise.all([signedInPerson(server), signedInPerson(server)]);
    const id = await createOrganisation(owner);
    await accept(member, await invite(owner, id, member, 'viewer'));

    const promoted = await owner.client.patch(`/api/v2/organisations/${id}/members/${member.userId}`, {
      role: 'admin',
    });
    expect(promoted.status).toBe(200);
    const fixed = await member.client.patch(`/api/v2/organisations/${id}/members/${owner.userId}`, { role: 'viewer' });
    expect(fixed.body.code).toBe('OWNER_ROLE_FIXED');
    const leaving = await owner.client.delete(`/api/v2/organisations/${id}/members/${owner.userId}`);
    expect(leaving.status).toBe(409);
    expect(leaving.body.detail).toBe(ORGANISATION_MESSAGES.ownerCannotLeave);
    expect((await member.client.post(`/api/v2/organisations/${id}/transfer`, { user_id: member.userId })).status).toBe(
      403,
    );

    expect((await owner.client.post(`/api/v2/organisations/${id}/transfer`, { user_id: member.userId })).status).toBe(
      200,
    );
    const roles = (await owner.client.get(`/api/v2/organisations/${id}/members`)).body.members.map(
      (m: { email: string; role: string }) => [m.email, m.role],
    );
    expect(roles).toEqual([
      [member.email, 'owner'],
      [owner.email, 'admin'],
    ]);
    // The former owner may now leave.
    expect((await owner.client.delete(`/api/v2/organisations/${id}/members/${owner.userId}`)).status).toBe(200);
  });
});

describe('the organisation a sign-up named', () => {
  it('is offered to a clinic or enterprise sign-up until they belong to an organisation, never to others', async () => {
    const clinic = await signedInPerson(server);
    const physician = await signedInPerson(server);
    const enterprise = await signedInPerson(server);
    const blank = await signedInPerson(server);
    const named = [
      [clinic, 'clinic_or_practice', '  Lakeside Medical Group '],
      [physician, 'individual_physician', 'Dr. Own Practice'],
      [enterprise, 'enterprise_admin', 'Northwind Health'],
      [blank, 'clinic_or_practice', '   '],
    ] as const;
    for (const [person, userType, organization] of named)
      await server.ctx.db.update(user).set({ userType, organization }).where(eq(user.id, person.userId));
    const suggested = async (person: Person) =>
      (await person.client.get('/api/v2/organisations/')).body.suggested_name as string | null;
    expect(await suggested(clinic)).toBe('Lakeside Medical Group');
    expect(await suggested(enterprise)).toBe('Northwind Health');
    expect(await suggested(physician)).toBeNull();
    expect(await suggested(blank)).toBeNull();
    // Once they belong to one (theirs or another's), it is no longer offered.
    await clinic.client.post('/api/v2/organisations/', { name: 'Lakeside Medical Group' });
    expect(await suggested(clinic)).toBeNull();
  });
});

describe('deleting an owner', () => {
  it('hands each organisation to its longest-standing admin, and deletes one nobody else is in', async () => {
    const [owner, admin, viewer, operator] = await Promise.all([
      signedInPerson(server),
      signedInPerson(server),
      signedInPerson(server),
      signedInPerson(server, 'admin'),
    ]);
    const shared = await createOrganisation(owner, 'Shared Practice');
    await accept(viewer, await invite(owner, shared, viewer, 'viewer'));
    await accept(admin, await invite(owner, shared, admin, 'admin'));
    const alone = await createOrganisation(owner, 'Solo Practice');

    expect((await operator.client.delete(`/api/v2/admin/users/${owner.userId}`)).status).toBe(200);
    const members = await admin.client.get(`/api/v2/organisations/${shared}/members`);
    expect(members.body.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [admin.email, 'owner'],
      [viewer.email, 'viewer'],
    ]);
    expect(await server.ctx.db.select().from(workspace).where(eq(workspace.id, alone))).toEqual([]);
  });
});

describe('an invitation', () => {
  it('shows what it offers to whoever holds the link, and nothing to a wrong token', async () => {
    const [owner, invitee] = await Promise.all([signedInPerson(server), signedInPerson(server)]);
    const id = await createOrganisation(owner, 'Harbor Health');
    const link = await invite(owner, id, invitee, 'viewer');
    expect(link.email.subject).toMatch(/invited you to Harbor Health/);
    const anonymous = new HttpClient(server.url);
    const preview = await anonymous.get(`/api/v2/invitations/${link.id}?token=${link.token}`);
    expect(preview.body).toMatchObject({
      organisation_name: 'Harbor Health',
      email: invitee.email.toLowerCase(),
      role: 'viewer',
      status: 'pending',
    });
    const forged = await anonymous.get(`/api/v2/invitations/${link.id}?token=${link.token.slice(1)}x`);
    expect(forged.status).toBe(404);
    expect(forged.body.code).toBe('INVITATION_INVALID');
    // A duplicate while one is pending, and inviting a member, are refused.
    const again = await owner.client.post(`/api/v2/organisations/${id}/invitations`, {
      email: invitee.email,
      role: 'admin',
    });
    expect(again.body.code).toBe('ALREADY_INVITED');
    const self = await owner.client.post(`/api/v2/organisations/${id}/invitations`, {
      email: owner.email,
      role: 'admin',
    });
    expect(self.body.code).toBe('ALREADY_MEMBER');
  });

  it('is accepted only by its address, once, before it expires, unless revoked', async () => {
    const [owner, invitee, someoneElse] = await Promise.all([
      signedInPerson(server),
      signedInPerson(server),
      signedInPerson(server),
    ]);
    const id = await createOrganisation(owner);
    const link = await invite(owner, id, invitee, 'viewer');

    const wrong = await accept(someoneElse, link);
    expect(wrong.status).toBe(403);
    expect(wrong.body.detail).toBe(ORGANISATION_MESSAGES.invitationWrongEmail(invitee.email.toLowerCase()));
    const twice = await Promise.all([accept(invitee, link), accept(invitee, link)]);
    expect(twice.map((r) => r.status).sort()).toEqual([200, 409]);

    const expiring = await invite(owner, id, someoneElse, 'viewer');
    // Expired: the token signs the expiry, so the row's expiry moves with a re-signed token.
    const past = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);
    await server.ctx.db
      .update(organisationInvitation)
      .set({ expiresAt: past })
      .where(eq(organisationInvitation.id, expiring.id));
    const { invitationToken } = await import('../src/modules/organisations/invitations/invitation-link.ts');
    const token = invitationToken(server.ctx.invitationSecrets, {
      id: expiring.id,
      email: someoneElse.email.toLowerCase(),
      expiresAt: past,
    });
    const late = await accept(someoneElse, { id: expiring.id, token });
    expect(late.status).toBe(410);
    expect(late.body.code).toBe('INVITATION_EXPIRED');
    // The old token no longer matches the row (its expiry changed): the link is simply invalid.
    expect((await accept(someoneElse, expiring)).body.code).toBe('INVITATION_INVALID');

    const revoked = await invite(owner, id, await signedInPerson(server), 'admin');
    expect((await owner.client.delete(`/api/v2/organisations/${id}/invitations/${revoked.id}`)).status).toBe(200);
    const preview = await new HttpClient(server.url).get(`/api/v2/invitations/${revoked.id}?token=${revoked.token}`);
    expect(preview.body.status).toBe('revoked');
  });
});
