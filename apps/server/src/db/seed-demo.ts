import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../context.ts';
import { createUser } from '../services/create-user.ts';

export type DemoAccount = { role: 'admin' | 'user'; email: string; password: string; name: string };

/**
 * First run of the embedded demo: one admin and one physician, verified, with random
 * passwords kept in DATA_DIR so later starts can print them again.
 */
export async function seedDemoAccounts({ auth, db }: AppContext, dataDir: string): Promise<DemoAccount[]> {
  const file = join(dataDir, 'demo-accounts.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as DemoAccount[];
  const accounts: DemoAccount[] = [
    { role: 'admin', email: 'demo-admin@example.com', name: 'Demo Administrator', password: '' },
    { role: 'user', email: 'demo-physician@example.com', name: 'Demo Physician', password: '' },
  ].map((a) => ({ ...a, role: a.role as DemoAccount['role'], password: randomBytes(9).toString('base64url') }));
  for (const a of accounts) {
    await createUser(auth, db, { email: a.email, password: a.password, name: a.name, role: a.role, verified: true });
  }
  writeFileSync(file, JSON.stringify(accounts, null, 2), { mode: 0o600 });
  return accounts;
}
