import { BOARDS } from './jurisdictions.ts';

const boardsById = new Map(BOARDS.map((b) => [b.id, b]));

export type BoardDescription = { board_id: string; name: string; website: string | null };

/**
 * The board a license came from, as a person reads it: its official name and its own site (where
 * its public look-up is). From the built-in board list, which the simulator's boards share; a
 * board added only by an overrides file shows its id and no site.
 */
export function describeBoard(boardId: string): BoardDescription {
  const board = boardsById.get(boardId);
  return { board_id: boardId, name: board?.name ?? boardId, website: board?.website ?? null };
}
