import type { LicenseBoard, LicenseSources } from './license-sources.ts';

export type BoardsByBulkFile = { withBulkFile: LicenseBoard[]; lookupOnly: LicenseBoard[] };

/**
 * Boards whose whole list is read from a bulk file (bulk), and boards that only answer searches
 * (look-up). Boards no machine reads — verified by hand, or a source that is off — are in neither.
 */
export function partitionBoardsByBulkFile(sources: Pick<LicenseSources, 'boards'>): BoardsByBulkFile {
  const withBulkFile: LicenseBoard[] = [];
  const lookupOnly: LicenseBoard[] = [];
  for (const board of sources.boards) {
    if (board.method === 'bulk') withBulkFile.push(board);
    else if (board.method === 'lookup') lookupOnly.push(board);
  }
  return { withBulkFile, lookupOnly };
}
