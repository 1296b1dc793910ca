import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAdminAction } from '../src/modules/admin/record-admin-action.ts';
import { type Person, signedInPerson } from './support/identities.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let admin: Person;
let customer: Person;
beforeAll(async () => {
  server = await startTestServer({}, { worker: false });
  [admin, customer] = await Promise.all([signedInPerson(server, 'admin'), signedInPerson(server)]);
});
afterAll(async () => {
  await server?.close();
});

type Page = { entries: { action: string; target_label: string; before: unknown; after: unknown }[]; total: number };

describe('the audit log', () => {
  it('is read by administrators only', async () => {
    expect((await customer.client.get('/api/v2/admin/audit')).status).toBe(403);
    const answer = await customer.client.get('/api/v2/admin/audit');
    expect(answer.body).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('lists actions newest first, filtered by action and by email, a page at a time', async () => {
    const actor = { id: admin.userId, email: admin.email, ip: '203.0.113.9' };
    await recordAdminAction(server.ctx.db, actor, {
      action: 'credits.add',
      targetType: 'user',
      targetId: customer.userId,
      targetLabel: customer.email,
      before: { temp_report_credits: 0 },
      after: { temp_report_credits: 3 },
    });
    await recordAdminAction(server.ctx.db, actor, {
      action: 'setting.update',
      targetType: 'setting',
      targetId: 'application_name',
      targetLabel: 'application_name',
      before: { value: 'LicenseWatch' },
      after: { value: 'Acme Licenses' },
    });

    const all = (await admin.client.get('/api/v2/admin/audit')).body as Page;
    expect(all.total).toBe(2);
    expect(all.entries.map((e) => e.action)).toEqual(['setting.update', 'credits.add']);

    const credits = (await admin.client.get('/api/v2/admin/audit?action=credits.add')).body as Page;
    expect(credits.entries).toEqual([
      expect.objectContaining({ target_label: customer.email, after: { temp_report_credits: 3 } }),
    ]);

    const byEmail = (await admin.client.get(`/api/v2/admin/audit?q=${encodeURIComponent(customer.email)}`)).body;
    expect((byEmail as Page).total).toBe(1);
    // A search for `%` is text, not "anything".
    expect(((await admin.client.get('/api/v2/admin/audit?q=%25')).body as Page).total).toBe(0);

    const second = (await admin.client.get('/api/v2/admin/audit?page=2&page_size=1')).body as Page;
    expect(second).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(second.entries.map((e) => e.action)).toEqual(['credits.add']);
  });

  it('refuses a filter it does not know with 400', async () => {
    const answer = await admin.client.get('/api/v2/admin/audit?action=user.rename');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
