import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { AppContext } from './context.ts';
import { createUser } from './modules/accounts/create-user.ts';
import { user } from './modules/accounts/tables.ts';
import { giveDemoPlan } from './modules/plans/give-demo-plan.ts';

export type DemoAccount = { role: 'admin' | 'user'; email: string; password: string; name: string };

const DEMO_ACCOUNTS: readonly Omit<DemoAccount, 'password'>[] = [
  { role: 'admin', email: 'demo-admin@example.com', name: 'Demo Administrator' },
  { role: 'user', email: 'demo-physician@example.com', name: 'Demo Physician' },
  { role: 'user', email: 'demo-api@example.com', name: 'Demo API Customer' },
];
const DEMO_PLANS: Record<string, 'premium' | 'small'> = {
  'demo-physician@example.com': 'premium',
  'demo-api@example.com': 'small',
};

/**
 * First run of the embedded demo: an admin, a physician and an API customer, verified, with random
 * passwords kept in DATA_DIR so later starts can print them again. The physician and the API
 * customer get their demo plans (giveDemoPlan) — also on a DATA_DIR seeded before plans existed.
 */
export async function seedDemoAccounts({ auth, db }: AppContext, dataDir: string): Promise<DemoAccount[]> {
  const file = join(dataDir, 'demo-accounts.json');
  const accounts: DemoAccount[] = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DemoAccount[]) : [];
  // A DATA_DIR seeded before an account joined the list gets it on its next start.
  const missing = DEMO_ACCOUNTS.filter((demo) => !accounts.some((a) => a.email === demo.email));
  for (const demo of missing) {
    const account = { ...demo, password: randomBytes(9).toString('base64url') };
    await createUser(auth, db, { ...account, verified: true });
    accounts.push(account);
  }
  if (missing.length > 0) writeFileSync(file, JSON.stringify(accounts, null, 2), { mode: 0o600 });
  for (const a of accounts) {
    const planName = DEMO_PLANS[a.email];
    if (!planName) continue;
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, a.email));
    if (row) await giveDemoPlan(db, row.id, planName);
  }
  return accounts;
}
