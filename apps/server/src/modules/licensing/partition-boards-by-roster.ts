import type { LicenseBoard, LicenseSources } from './license-sources.ts';

export type BoardsByRoster = { roster: LicenseBoard[]; lookupOnly: LicenseBoard[] };

/**
 * Boards whose whole list is read (bulk), and boards that only answer searches (look-up). Boards no
 * machine reads — verified by hand, or a source that is off — are in neither.
 */
export function partitionBoardsByRoster(sources: Pick<LicenseSources, 'boards'>): BoardsByRoster {
  const roster: LicenseBoard[] = [];
  const lookupOnly: LicenseBoard[] = [];
  for (const board of sources.boards) {
    if (board.method === 'bulk') roster.push(board);
    else if (board.method === 'lookup') lookupOnly.push(board);
  }
  return { roster, lookupOnly };
}
