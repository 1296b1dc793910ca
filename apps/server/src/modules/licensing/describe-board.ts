import { type LicenseReadMethod, methodOfSourceKind } from '@licensewatch/shared/license-sources';
import { BOARDS } from './config/jurisdictions.ts';

const boardsById = new Map(BOARDS.map((b) => [b.id, b]));

export type BoardDescription = { board_id: string; name: string; website: string | null };

/** A license's source as the API answers it (packages/shared licenseSourceSchema). */
export type LicenseSourceDescription = BoardDescription & { method: LicenseReadMethod; lookup_url: string | null };

/**
 * The board a license came from, as a person reads it: its official name and its own site (where
 * its public look-up is). From the built-in board list, which the simulator's boards share; a
 * board added only by an overrides file shows its id and no site.
 */
export function describeBoard(boardId: string): BoardDescription {
  const board = boardsById.get(boardId);
  return { board_id: boardId, name: board?.name ?? boardId, website: board?.website ?? null };
}

/**
 * A stored license's source: its board, how it was read (`license.source_kind`: bulk list, look-up,
 * or verified by hand) and the board's public look-up, where anyone can check it.
 */
export function describeLicenseSource(license: { boardId: string; sourceKind: string }): LicenseSourceDescription {
  return {
    ...describeBoard(license.boardId),
    method: methodOfSourceKind(license.sourceKind),
    lookup_url: boardsById.get(license.boardId)?.lookupUrl ?? null,
  };
}
