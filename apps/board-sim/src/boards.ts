import type { LicenseType } from '@licensewatch/shared/licenses';
import { JURISDICTIONS, type StateCode } from '@licensewatch/shared/states';

export type BoardStyle = 'socrata' | 'delimited-file' | 'html-lookup';

export type SimBoard = {
  boardId: string;
  jurisdiction: StateCode;
  licenseTypes: LicenseType[];
  style: BoardStyle;
};

/**
 * States with a separate osteopathic licensing board (docs/license-engine.md: `md` + `do` pair).
 * Only boards we are sure exist as their own agency; every other state licenses DOs on its
 * composite `med` board (New Mexico merged its osteopathic board into the medical board).
 */
export const SEPARATE_DO_STATES: ReadonlySet<StateCode> = new Set<StateCode>([
  'AZ',
  'CA',
  'FL',
  'ME',
  'MI',
  'NV',
  'OK',
  'PA',
  'TN',
  'UT',
  'VT',
  'WA',
  'WV',
]);

// The contract's style table; every board not listed here is an HTML look-up.
const STYLE_BY_STATE: Partial<Record<StateCode, BoardStyle>> = {
  WA: 'socrata',
  CO: 'socrata',
  FL: 'delimited-file',
  MO: 'delimited-file',
  CA: 'delimited-file',
};

function boardsOf(code: StateCode): SimBoard[] {
  const style = STYLE_BY_STATE[code] ?? 'html-lookup';
  const prefix = code.toLowerCase();
  if (SEPARATE_DO_STATES.has(code)) {
    return [
      { boardId: `${prefix}-md`, jurisdiction: code, licenseTypes: ['MD'], style },
      { boardId: `${prefix}-do`, jurisdiction: code, licenseTypes: ['DO'], style },
    ];
  }
  return [{ boardId: `${prefix}-med`, jurisdiction: code, licenseTypes: ['MD', 'DO'], style }];
}

/** Every simulated board, in the jurisdictions' display order. */
export const SIM_BOARDS: readonly SimBoard[] = JURISDICTIONS.flatMap((j) => boardsOf(j.code));

const byId = new Map(SIM_BOARDS.map((board) => [board.boardId, board]));

export function simBoard(boardId: string): SimBoard | undefined {
  return byId.get(boardId);
}

/** The board that licenses this type of physician in this jurisdiction. */
export function boardFor(jurisdiction: StateCode, licenseType: LicenseType): SimBoard {
  const prefix = jurisdiction.toLowerCase();
  const id = SEPARATE_DO_STATES.has(jurisdiction) ? `${prefix}-${licenseType.toLowerCase()}` : `${prefix}-med`;
  return byId.get(id) as SimBoard;
}

/** Position of a board in SIM_BOARDS: a compact key for per-board arrays. */
export const BOARD_INDEX: ReadonlyMap<string, number> = new Map(
  SIM_BOARDS.map((board, index) => [board.boardId, index]),
);
