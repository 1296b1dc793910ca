import type { LicenseType } from '@licensewatch/shared/licenses';
import type { BoardLicense } from '../population.ts';
import { searchKey } from '../population-index.ts';
import type { SimContext } from '../sim-context.ts';

// The one way the simulator's look-ups draw a search from the population: the generic look-up
// (lookup-route.ts), the real layouts' forms, their portals of every profession (search-licensees.ts)
// and the single-page boards' endpoints (browser-site.ts) all find a board's licenses here, so a
// physician one page finds is found by every page of the same board the same way, in the same order.

/** What a board's search form asks: a number, or the starts of names, optionally one profession. */
export type LicenseSearch = {
  lastName?: string | undefined;
  firstName?: string | undefined;
  licenseNumber?: string | undefined;
  /** Only licenses of these types (a profession chosen in the form); absent: every type. */
  licenseTypes?: readonly LicenseType[] | undefined;
};

/**
 * A board's licenses a search finds: by the number exactly as the board writes it, else by the starts of
 * the names (accents, case and apostrophes aside), a name not asked matching everyone — so a search
 * asking no name lists the whole board, and each page says itself what a search must ask — in the
 * boards' alphabetical order.
 */
export function findBoardLicenses(ctx: SimContext, boardId: string, search: LicenseSearch): BoardLicense[] {
  const { population } = ctx;
  const number = (search.licenseNumber ?? '').trim();
  const last = searchKey(search.lastName ?? '');
  const first = searchKey(search.firstName ?? '');
  let candidates: Iterable<BoardLicense>;
  if (number) {
    const hit = population.findByLicenseNumber(boardId, number);
    candidates = hit ? [hit] : [];
  } else {
    const indexes = last ? ctx.index().byLastNamePrefix(boardId, last) : ctx.index().members(boardId);
    candidates = (function* () {
      for (const index of indexes) {
        const person = population.person(index);
        const license = person.licenses.find((l) => l.boardId === boardId);
        if (license) yield { person, license };
      }
    })();
  }
  const found: BoardLicense[] = [];
  for (const hit of candidates) {
    if (last && !searchKey(hit.person.lastName).startsWith(last)) continue;
    if (first && !searchKey(hit.person.firstName).startsWith(first)) continue;
    if (search.licenseTypes && !search.licenseTypes.includes(hit.license.licenseType)) continue;
    found.push(hit);
  }
  return sortInBoardOrder(found);
}

/** Licenses as boards list them: by surname, first name and number (accents and case aside). */
export function sortInBoardOrder(hits: readonly BoardLicense[]): BoardLicense[] {
  const key = (h: BoardLicense) =>
    `${searchKey(h.person.lastName)}\u0000${searchKey(h.person.firstName)}\u0000${h.license.licenseNumber ?? ''}`;
  return hits
    .map((hit) => ({ hit, key: key(hit) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.hit.person.index - b.hit.person.index))
    .map((entry) => entry.hit);
}

/**
 * What a real layout's search form finds: the board's licenses, as findBoardLicenses finds them, for a
 * search that asks something — a number, a name, or a profession to list; a search asking nothing finds
 * nothing.
 */
export function searchBoardLicenses(ctx: SimContext, boardId: string, search: LicenseSearch): BoardLicense[] {
  const asks =
    (search.licenseNumber ?? '').trim() ||
    searchKey(search.lastName ?? '') ||
    searchKey(search.firstName ?? '') ||
    search.licenseTypes;
  return asks ? findBoardLicenses(ctx, boardId, search) : [];
}
