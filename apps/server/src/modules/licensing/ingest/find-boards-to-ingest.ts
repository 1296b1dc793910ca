import { toStateCode } from '@licensewatch/shared/states';
import type { LicenseBoard, LicenseSources } from '../license-sources.ts';

/**
 * The boards `target` names: 'all', a jurisdiction ('WA', 'Washington') or one board id
 * ('wa-md'). Null when it names nothing configured.
 */
export function findBoardsToIngest(sources: LicenseSources, target: string): LicenseBoard[] | null {
  const wanted = target.trim();
  if (wanted.toLowerCase() === 'all') return [...sources.boards];
  const board = sources.boards.find((b) => b.id === wanted.toLowerCase());
  if (board) return [board];
  const state = toStateCode(wanted);
  const boards = state ? sources.boards.filter((b) => b.jurisdiction === state) : [];
  return boards.length ? boards : null;
}
