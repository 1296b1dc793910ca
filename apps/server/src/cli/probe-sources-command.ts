import { parseArgs } from 'node:util';
import { describeBoardProbe } from '../modules/licensing/health/describe-board-probe.ts';
import { probeBoards } from '../modules/licensing/health/probe-boards.ts';
import { findBoardsToIngest } from '../modules/licensing/ingest/find-boards-to-ingest.ts';
import type { CliCommand } from './cli-command.ts';

/** sources:probe [--board ID|STATE] [--name "LAST, FIRST"]: one line per board, then a summary; exit 1 unless all passed. */
export const probeSourcesCommand: CliCommand = async ({ ctx, args }) => {
  const { values } = parseArgs({
    args,
    options: { board: { type: 'string' }, name: { type: 'string' } },
  });
  if (!ctx.licensing) throw new Error('No license sources are configured.');
  const boards = findBoardsToIngest(ctx.licensing, values.board ?? 'all');
  if (!boards) throw new Error(`"${values.board}" is not a configured state or board.`);
  // "LAST, FIRST" as boards print names; a name without a comma is a surname alone.
  const [lastName = '', firstName] = (values.name ?? '').split(',').map((part) => part.trim());
  if (values.name !== undefined && !lastName) throw new Error('--name must be "LAST, FIRST" or a last name');
  const { probes, skipped } = await probeBoards(ctx, ctx.licensing, boards, {
    name: values.name === undefined ? undefined : { lastName, firstName: firstName || undefined },
    onProbe: (probe) => console.log(describeBoardProbe(probe)),
  });
  for (const s of skipped)
    console.log(`${s.boardId}: ${s.method === 'manual' ? 'verified by hand' : 'source off'}; not probed (${s.detail})`);
  // Not passed includes a probe that checked nothing: the board is not known to read as configured.
  const failed = probes.filter((p) => p.outcome !== 'ok');
  const summary = [
    probes.length === 0
      ? 'No board a machine reads was probed'
      : `${probes.length - failed.length} of ${probes.length} board${probes.length === 1 ? '' : 's'} passed`,
    ...(failed.length > 0
      ? [`not passed: ${failed.map((p) => `${p.boardId} (${p.outcome ?? 'not checked'})`).join(', ')}`]
      : []),
    ...(skipped.length > 0 ? [`${skipped.length} not read by a machine, skipped`] : []),
  ];
  console.log(`${summary.join('; ')}.`);
  if (failed.length > 0) process.exitCode = 1;
};
