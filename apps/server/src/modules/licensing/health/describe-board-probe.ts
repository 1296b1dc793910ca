import type { BoardProbe } from './probe-board.ts';

/** One line per board for `sources:probe`: outcome, time taken, what was asked and what failed. */
export function describeBoardProbe(probe: BoardProbe): string {
  const head = `${probe.boardId}: ${probe.outcome ?? 'not checked'} in ${probe.latencyMs} ms (${probe.asked}`;
  const read = probe.rows > 0 ? `, ${probe.rows} ${probe.rows === 1 ? 'row' : 'rows'} read)` : ')';
  const what = [...probe.failures, ...probe.gaps.map((gap) => `note: ${gap}`)];
  return `${head}${read}${what.length > 0 ? `: ${what.join('; ')}` : probe.outcome === 'ok' ? ': every field read' : ''}`;
}
