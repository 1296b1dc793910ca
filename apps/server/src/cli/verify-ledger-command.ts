import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { workspace } from '../modules/accounts/tables.ts';
import { verifyComplianceLedger } from '../modules/compliance/verify-compliance-ledger.ts';
import type { CliCommand } from './cli-command.ts';

/** ledger:verify --workspace ID: the workspace's compliance ledger checked link by link; exit 1 when broken. */
export const verifyLedgerCommand: CliCommand = async ({ ctx, args }) => {
  const { values } = parseArgs({ args, options: { workspace: { type: 'string' } } });
  const workspaceId = values.workspace;
  if (!workspaceId) throw new Error('--workspace ID is required');
  const [found] = await ctx.db.select({ id: workspace.id }).from(workspace).where(eq(workspace.id, workspaceId));
  if (!found) throw new Error(`No workspace "${workspaceId}".`);
  const verdict = await verifyComplianceLedger(ctx, workspaceId);
  if (verdict.ok) {
    console.log(`Ledger of workspace ${workspaceId}: intact, ${verdict.entries} entries.`);
    return;
  }
  console.log(`Ledger of workspace ${workspaceId}: BROKEN at entry ${verdict.brokenAtSeq}: ${verdict.reason}.`);
  process.exitCode = 1;
};
