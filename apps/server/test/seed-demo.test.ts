import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../src/modules/accounts/tables.ts';
import { userCredit, userPlan } from '../src/modules/plans/tables.ts';
import { seedDemoAccounts } from '../src/seed-demo.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { worker: false });
});
afterAll(async () => {
  await server?.close();
});

async function planOf(email: string) {
  const [row] = await server.ctx.db
    .select({ plan: userPlan.planName, trial: userPlan.isTrial, api: userCredit.apiCredits })
    .from(user)
    .innerJoin(userPlan, eq(userPlan.workspaceId, user.id))
    .innerJoin(userCredit, eq(userCredit.workspaceId, user.id))
    .where(eq(user.email, email));
  return row;
}

describe('the embedded demo accounts', () => {
  it('adds an account missing from an older DATA_DIR, keeps the others, and gives each plan once', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lw-demo-'));
    const first = await seedDemoAccounts(server.ctx, dir);
    expect(first.map((a) => a.email)).toEqual([
      'demo-admin@example.com',
      'demo-physician@example.com',
      'demo-api@example.com',
    ]);
    expect(await planOf('demo-api@example.com')).toEqual({ plan: 'small', trial: true, api: 1000 });
    expect(await planOf('demo-physician@example.com')).toMatchObject({ plan: 'premium', trial: true });

    // Spending a credit and starting again gives nothing twice.
    await server.ctx.db.execute(
      `UPDATE user_credit SET api_credits = 999 WHERE workspace_id = (SELECT id FROM "user" WHERE email = 'demo-api@example.com')`,
    );
    const again = await seedDemoAccounts(server.ctx, dir);
    expect(again).toEqual(first);
    expect((await planOf('demo-api@example.com'))?.api).toBe(999);

    // A DATA_DIR from before the API customer existed: the file lists two accounts.
    const older = mkdtempSync(path.join(os.tmpdir(), 'lw-demo-'));
    const file = path.join(older, 'demo-accounts.json');
    writeFileSync(file, JSON.stringify(first.slice(0, 2)));
    await server.ctx.db.delete(user).where(eq(user.email, 'demo-api@example.com'));
    const upgraded = await seedDemoAccounts(server.ctx, older);
    expect(upgraded.slice(0, 2)).toEqual(first.slice(0, 2));
    expect(upgraded[2]?.email).toBe('demo-api@example.com');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(upgraded);
    expect(await planOf('demo-api@example.com')).toEqual({ plan: 'small', trial: true, api: 1000 });
  });
});
