import type { LicenseBoard, LicenseSources } from '../registry/license-sources.ts';

export type BoardsByRoster = { roster: LicenseBoard[]; lookupOnly: LicenseBoard[] };

/** Boards whose whole roster can be read, and boards that only answer searches. */
export function partitionBoardsByRoster(sources: LicenseSources): BoardsByRoster {
  const roster: LicenseBoard[] = [];
  const lookupOnly: LicenseBoard[] = [];
  for (const board of sources.boards) (sources.sourceFor(board.id).fetchRoster ? roster : lookupOnly).push(board);
  return { roster, lookupOnly };
}
