import type { SourceMethod } from '@licensewatch/shared/license-sources';
import type { Platform } from '../../../platform/deps.ts';
import type { LicenseBoard, LicenseSources } from '../license-sources.ts';
import { type BoardProbe, type ProbeOptions, probeBoard } from './probe-board.ts';
import { recordProbeOutcome } from './record-probe-outcome.ts';

export type SkippedBoard = { boardId: string; method: SourceMethod; detail: string | null };

/**
 * `sources:probe`: probes every given board a machine reads, a few boards at a time (each board
 * still sees one request at a time from its own connector), and stores each outcome as it comes
 * (record-probe-outcome.ts). Boards verified by hand, and sources that are off, are skipped: no
 * machine reads them, so there is nothing to probe.
 */
export async function probeBoards(
  { db }: Pick<Platform, 'db'>,
  sources: LicenseSources,
  boards: readonly LicenseBoard[],
  {
    concurrency = 4,
    onProbe,
    ...options
  }: ProbeOptions & { concurrency?: number; onProbe?: (probe: BoardProbe) => void } = {},
): Promise<{ probes: BoardProbe[]; skipped: SkippedBoard[] }> {
  const skipped = boards
    .filter((b) => b.method === 'manual' || b.method === 'off')
    .map((b) => ({ boardId: b.id, method: b.method, detail: b.operatorNote ?? b.methodDetail }));
  const queue = boards.filter((b) => b.method === 'bulk' || b.method === 'lookup');
  const probes: BoardProbe[] = [];
  async function lane() {
    for (let board = queue.shift(); board; board = queue.shift()) {
      const probe = await probeBoard(sources, board, options);
      if (probe.outcome !== null)
        await recordProbeOutcome(db, { ...probe, outcome: probe.outcome, failures: probe.failures });
      probes.push(probe);
      onProbe?.(probe);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, queue.length)) }, lane));
  const order = new Map(boards.map((b, i) => [b.id, i]));
  probes.sort((a, b) => (order.get(a.boardId) ?? 0) - (order.get(b.boardId) ?? 0));
  return { probes, skipped };
}
