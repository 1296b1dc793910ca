import { SOURCE_METHOD_MEANINGS } from '@licensewatch/shared/license-sources';
import { JURISDICTIONS } from '@licensewatch/shared/states';
import type { StateStatus } from '@licensewatch/shared/states-api';
import type { Db } from '../../platform/db/client.ts';
import type { LicenseBoard } from './license-sources.ts';
import { listBoardCoverage } from './list-board-coverage.ts';

/**
 * Every jurisdiction in UI order with its boards: how each is read and whether it can be now.
 * `status` is false when a board a machine reads was last found unavailable or failed its last
 * probe; a board never checked counts as available (unknown shows as Confirmed), and a board
 * verified by hand or switched off is neither (docs/product-rules.md, State availability).
 */
export async function listStateStatuses(db: Db, boards: readonly LicenseBoard[]): Promise<StateStatus[]> {
  const coverage = await listBoardCoverage(db, boards);
  return JURISDICTIONS.map((j) => {
    const own = coverage.filter((b) => b.jurisdiction === j.code);
    return {
      state_name: j.name,
      status: own.every((b) => b.readable),
      boards: own.map((b) => ({
        board_id: b.boardId,
        name: b.name,
        license_types: [...b.licenseTypes],
        method: b.method,
        meaning: SOURCE_METHOD_MEANINGS[b.method],
        detail: b.methodDetail,
        lookup_url: b.lookupUrl,
        source_unavailable: !b.readable,
        verified_at: b.probe?.verifiedAt?.toISOString() ?? null,
        published_file: b.publishesFile,
      })),
    };
  });
}
