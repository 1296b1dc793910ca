import { BOARD_INDEX, SIM_BOARDS } from './boards.ts';
import type { Population } from './population.ts';

// Letters NFKD leaves whole but people type with or without the stroke ('Øster' / 'Oster').
const FOLDED: Record<string, string> = { ø: 'o', ł: 'l', đ: 'd', ð: 'd', ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th', ı: 'i' };
const FOLDABLE = new RegExp(`[${Object.keys(FOLDED).join('')}]`, 'gu');

/**
 * Search key for the look-up routes, the same folding as the registry's name normalisation:
 * accents and case ignored, apostrophes dropped, other punctuation a space. So 'jose' finds
 * 'José', 'OBrien' finds "O'Brien" and 'garcia lopez' finds 'García-López'. Boards differ on
 * this; being lenient never hides a license from a connector.
 */
export function searchKey(value: string): string {
  return value
    .replace(/['‘’ʼ`´]/gu, '')
    .normalize('NFKD')
    .toLowerCase()
    .replace(/\p{M}/gu, '')
    .replace(FOLDABLE, (letter) => FOLDED[letter] ?? letter)
    .replace(/\P{L}+/gu, ' ')
    .trim();
}

/**
 * Which people each board lists and who carries which last name: built once per simulator in a
 * single pass over the population, so pages, look-ups and offsets avoid rescanning a million
 * people. Holds integers only (a few bytes per license), never person objects.
 */
export type PopulationIndex = {
  /** Person indexes holding a license on the board, ascending. */
  members(boardId: string): Int32Array;
  /** Person indexes on the board whose last name's search key starts with the prefix, ascending. */
  byLastNamePrefix(boardId: string | null, prefix: string): number[];
};

export function buildPopulationIndex(population: Population): PopulationIndex {
  const members: number[][] = SIM_BOARDS.map(() => []);
  const byBoardLastName: Map<string, number[]>[] = SIM_BOARDS.map(() => new Map());
  const byLastName = new Map<string, number[]>();
  const keyCache = new Map<string, string>();

  for (let index = 0; index < population.size; index++) {
    const last = population.lastNameOf(index);
    let key = keyCache.get(last);
    if (key === undefined) {
      key = searchKey(last);
      keyCache.set(last, key);
    }
    append(byLastName, key, index);
    for (const boardId of population.boardsOf(index)) {
      const b = BOARD_INDEX.get(boardId) as number;
      (members[b] as number[]).push(index);
      append(byBoardLastName[b] as Map<string, number[]>, key, index);
    }
  }
  const packed = members.map((list) => Int32Array.from(list));

  return {
    members(boardId) {
      const b = BOARD_INDEX.get(boardId);
      return b === undefined ? new Int32Array(0) : (packed[b] as Int32Array);
    },
    byLastNamePrefix(boardId, prefix) {
      let names = byLastName;
      if (boardId !== null) {
        const b = BOARD_INDEX.get(boardId);
        if (b === undefined) return [];
        names = byBoardLastName[b] as Map<string, number[]>;
      }
      const wanted = searchKey(prefix);
      const exact = names.get(wanted);
      const out: number[] = [];
      for (const [key, list] of names) if (key.startsWith(wanted)) for (const index of list) out.push(index);
      // Several keys interleave; callers page through results in a stable order.
      return exact && exact.length === out.length ? out : out.sort((x, y) => x - y);
    },
  };
}

function append(map: Map<string, number[]>, key: string, index: number) {
  const list = map.get(key);
  if (list) list.push(index);
  else map.set(key, [index]);
}
