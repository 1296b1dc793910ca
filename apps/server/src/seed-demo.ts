import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { AppContext } from './context.ts';
import { createUser } from './modules/accounts/create-user.ts';
import { giveDemoPlan } from './modules/plans/give-demo-plan.ts';
import { user } from './platform/db/schema.ts';

export type DemoAccount = { role: 'admin' | 'user'; email: string; password: string; name: string };

/**
 * First run of the embedded demo: one admin and one physician, verified, with random
 * passwords kept in DATA_DIR so later starts can print them again. The physician gets the demo
 * plan (giveDemoPlan) — also on a DATA_DIR seeded before plans existed.
 */
export async function seedDemoAccounts({ auth, db }: AppContext, dataDir: string): Promise<DemoAccount[]> {
  const file = join(dataDir, 'demo-accounts.json');
  let accounts: DemoAccount[];
  if (existsSync(file)) {
    accounts = JSON.parse(readFileSync(file, 'utf8')) as DemoAccount[];
  } else {
    accounts = [
      { role: 'admin', email: 'demo-admin@example.com', name: 'Demo Administrator', password: '' },
      { role: 'user', email: 'demo-physician@example.com', name: 'Demo Physician', password: '' },
    ].map((a) => ({ ...a, role: a.role as DemoAccount['role'], password: randomBytes(9).toString('base64url') }));
    for (const a of accounts) {
      await createUser(auth, db, { email: a.email, password: a.password, name: a.name, role: a.role, verified: true });
    }
    writeFileSync(file, JSON.stringify(accounts, null, 2), { mode: 0o600 });
  }
  for (const a of accounts.filter((account) => account.role === 'user')) {
    const [physician] = await db.select({ id: user.id }).from(user).where(eq(user.email, a.email));
    if (physician) await giveDemoPlan(db, physician.id);
  }
  return accounts;
}
