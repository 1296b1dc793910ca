import { SURNAME_PARTICLES } from '../parse-person-name.ts';
import type { ComparableName } from '../score-candidate.ts';

/** Longer run-together surnames are not split: a board spaces a prefix, not a whole name. */
const MAX_SPLIT_LENGTH = 30;
/** 'De la Cruz', 'Van der Berg', 'De los Santos': two spaces only after short leading parts. */
const MAX_LEADING_PART = 3;

/**
 * The surname spellings the registry may hold for this query, each an index equality probe on
 * `last_norm`: as typed, run together, its core without particles and each core part, a middle
 * name that is really the first half of a double surname ('Maria Garcia Lopez'), and the
 * run-together form with a space put back anywhere (or two after short leading parts). Boards
 * print 'O'Neill' as 'O NEILL' or 'ONEILL', 'McDonald' as 'MC DONALD', 'De la Cruz' as
 * 'DELACRUZ'; the spaced and joined forms must meet in the first, indexed pass, not only in the
 * sequential wide one.
 */
export function listSurnameKeys(name: ComparableName): string[] {
  const joined = name.surname.join('');
  const keys = new Set<string>([name.surname.join(' '), joined]);
  const core = name.surname.filter((token) => !SURNAME_PARTICLES.has(token));
  if (core.length > 0) keys.add(core.join(' '));
  for (const token of core) keys.add(token);
  for (let moved = 1; moved <= 2 && moved < name.given.length; moved++) {
    keys.add([...name.given.slice(-moved), ...name.surname].join(' '));
  }
  if (joined.length <= MAX_SPLIT_LENGTH) {
    for (let first = 1; first < joined.length; first++) {
      keys.add(`${joined.slice(0, first)} ${joined.slice(first)}`);
      if (first > MAX_LEADING_PART) continue;
      for (let second = first + 1; second <= first + MAX_LEADING_PART && second < joined.length; second++) {
        keys.add(`${joined.slice(0, first)} ${joined.slice(first, second)} ${joined.slice(second)}`);
      }
    }
  }
  return [...keys].filter(Boolean);
}
