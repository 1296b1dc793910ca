import type { ServerResponse } from 'node:http';
import type { LicenseStatus } from '@licensewatch/shared/licenses';
import { displayName, HTML_STATUS, usDate } from '../board-records.ts';
import { escapeHtml, sendHtml, sendJson } from '../http-util.ts';
import type { BoardLicense } from '../population.ts';
import { searchKey } from '../population-index.ts';
import { hash32, hashString } from '../prng.ts';
import type { SimContext } from '../sim-context.ts';
import { findBoardLicenses, sortInBoardOrder } from './search-board-licenses.ts';

// What the simulator's single-page boards share (thentia-portal.ts, salesforce-lookup.ts,
// spa-lookups.ts): each page's HTML carries no result, only a script that reads the search from the
// page's controls, asks a JSON endpoint of the simulator's own, and renders the platform's markup. A
// client without a browser sees an empty page; the endpoints' JSON shape is the simulator's, not the
// boards' (their real pages call services the evidence does not describe).

/** A request under /sites/<host>/ that a single-page board answers, with the board whose faults apply. */
export type BrowserSiteRequest = {
  boardId: string;
  /** The surname searched, for faults scoped to one physician (faults.ts). */
  lastName: string | undefined;
  answer(ctx: SimContext, res: ServerResponse): void;
};

/** Where a page's script finds the simulator's endpoints for its host. */
export function simApiBase(host: string): string {
  return `/sites/${host}/_sim`;
}

/** What a search asks: a surname (and first name), a license number, or a keyword box's words. */
export type SimSearch = { lastName?: string; firstName?: string; licenseNumber?: string; keywords?: string };

/** The most rows a search answers: the simulator's own cap (real boards cut off somewhere too). */
export const SEARCH_CAP = 200;

/** The board's licenses the search finds, in the boards' alphabetical order. */
export function searchLicenses(ctx: SimContext, boardId: string, search: SimSearch): BoardLicense[] {
  const number = search.licenseNumber?.trim();
  let found: BoardLicense[] = [];
  if (number) found = findBoardLicenses(ctx, boardId, { licenseNumber: number });
  else if (search.keywords?.trim()) found = sortInBoardOrder(keywordHits(ctx, boardId, search.keywords));
  // A first name alone asks nothing: these pages search by surname.
  else if (search.lastName?.trim())
    found = findBoardLicenses(ctx, boardId, { lastName: search.lastName, firstName: search.firstName });
  return found.slice(0, SEARCH_CAP);
}

/** A keyword box: every word must start the surname or the first name, or be the number. */
function keywordHits(ctx: SimContext, boardId: string, keywords: string): BoardLicense[] {
  const { population } = ctx;
  const words = keywords.trim().split(/\s+/);
  const seen = new Set<number>();
  const found: BoardLicense[] = [];
  for (const word of words) {
    const hit = population.findByLicenseNumber(boardId, word);
    const indexes = hit ? [hit.person.index] : ctx.index().byLastNamePrefix(boardId, word);
    for (const index of indexes) {
      if (seen.has(index)) continue;
      seen.add(index);
      const person = population.person(index);
      const license = person.licenses.find((l) => l.boardId === boardId);
      if (!license) continue;
      const keys = [searchKey(person.lastName), searchKey(person.firstName)];
      const matches = words.every(
        (w) =>
          keys.some((k) => searchKey(w) !== '' && k.startsWith(searchKey(w))) ||
          w.toLowerCase() === (license.licenseNumber ?? '').toLowerCase(),
      );
      if (matches) found.push({ person, license });
    }
  }
  return found;
}

/** A license by the id a page's detail link carries: its number (every listed license has one). */
export function licenseById(ctx: SimContext, boardId: string, id: string): BoardLicense | null {
  return id ? ctx.population.findByLicenseNumber(boardId, id) : null;
}

const CITIES = ['Springfield', 'Riverside', 'Franklin', 'Greenville', 'Clinton', 'Fairview', 'Salem', 'Madison'];

/** A practice city: the simulator's own (the population has none), the same for a person every time. */
export function cityOf({ person }: BoardLicense): string {
  return CITIES[hash32(person.index, hashString('city')) % CITIES.length] as string;
}

/** One license as the simulator's endpoints give it, in the words and forms the board prints. */
export type SimRow = {
  id: string;
  licenseNumber: string;
  firstName: string;
  middleName: string;
  lastName: string;
  /** 'Last, First Middle Suffix', in the board's mixed case. */
  name: string;
  city: string;
  licenseType: string;
  status: string;
  issueDate: string;
  expiryDate: string;
};

export type RowWords = {
  /** The board's word for each license type. */
  type: Record<'MD' | 'DO', string>;
  status?: Record<LicenseStatus, string>;
  date?: (iso: string | null) => string;
};

export function simRow(entry: BoardLicense, words: RowWords): SimRow {
  const { person, license } = entry;
  const date = words.date ?? usDate;
  return {
    id: license.licenseNumber ?? '',
    licenseNumber: license.licenseNumber ?? '',
    firstName: person.firstName,
    middleName: license.middleAsPublished ?? '',
    lastName: license.lastNameAsPublished,
    name: displayName(person, license),
    city: cityOf(entry),
    licenseType: words.type[license.licenseType],
    status: (words.status ?? HTML_STATUS)[license.status],
    issueDate: date(license.issueDate),
    expiryDate: date(license.expiryDate),
  };
}

/**
 * A page's search endpoint over `boardIds` (faults those of the first, scoped to the surname asked): what
 * each board finds for the query, SEARCH_CAP rows at most, in the board's `words`, one page of them.
 */
export function searchEndpoint(
  boardIds: readonly string[],
  query: URLSearchParams,
  words: RowWords,
  paging?: { page: number; pageSize: number },
): BrowserSiteRequest {
  return {
    boardId: boardIds[0] as string,
    lastName: searchedLastName(query),
    answer: (ctx, res) => {
      const search = searchOf(query);
      const found = boardIds.flatMap((id) => searchLicenses(ctx, id, search)).slice(0, SEARCH_CAP);
      sendRows(res, found, words, paging);
    },
  };
}

/** A page's detail endpoint: the license of `boardIds` the query's `id` names, in the board's `words`. */
export function detailEndpoint(
  boardIds: readonly string[],
  query: URLSearchParams,
  words: RowWords,
): BrowserSiteRequest {
  return {
    boardId: boardIds[0] as string,
    lastName: undefined,
    answer: (ctx, res) => {
      const id = query.get('id') ?? '';
      sendDetail(
        res,
        boardIds.reduce<BoardLicense | null>((hit, b) => hit ?? licenseById(ctx, b, id), null),
        words,
      );
    },
  };
}

/** Answers a search endpoint: `{ total, rows }`, the rows of one page (`page` from 1, `pageSize`). */
export function sendRows(
  res: ServerResponse,
  found: BoardLicense[],
  words: RowWords,
  paging: { page: number; pageSize: number } = { page: 1, pageSize: SEARCH_CAP },
): void {
  const start = (paging.page - 1) * paging.pageSize;
  sendJson(res, 200, {
    total: found.length,
    page: paging.page,
    pageSize: paging.pageSize,
    rows: found.slice(start, start + paging.pageSize).map((entry) => simRow(entry, words)),
  });
}

/** Answers a detail endpoint: the row, or 404 `{ error }` for an id the board does not hold. */
export function sendDetail(res: ServerResponse, entry: BoardLicense | null, words: RowWords): void {
  if (!entry) sendJson(res, 404, { error: 'No such license' });
  else sendJson(res, 200, simRow(entry, words));
}

/**
 * The page a single-page board serves for every one of its routes: its styles, its static markup (the
 * search form), and its script, which is handed the simulator's endpoint base as `API`.
 */
export function sendAppShell(
  res: ServerResponse,
  page: { title: string; host: string; style: string; body: string; script: string },
): void {
  sendHtml(
    res,
    200,
    `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(page.title)}</title>
<style>${page.style}</style></head>
<body>
${page.body}
<script>
"use strict";
const API = ${JSON.stringify(simApiBase(page.host))};
${SCRIPT_HELPERS}
${page.script}
</script>
</body>
</html>
`,
    { 'cache-control': 'no-store' },
  );
}

// Helpers every page script has: escaping for markup built from rows, and the endpoint call.
const SCRIPT_HELPERS = `
const esc = (value) => String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
async function ask(path, params) {
  const response = await fetch(API + path + '?' + new URLSearchParams(params).toString(), { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error('HTTP ' + response.status);
  return response.json();
}`;

/** The query's search fields, each trimmed; absent ones left out. */
export function searchOf(query: URLSearchParams): SimSearch {
  const out: SimSearch = {};
  for (const key of ['lastName', 'firstName', 'licenseNumber', 'keywords'] as const) {
    const value = query.get(key)?.trim();
    if (value) out[key] = value;
  }
  return out;
}

/** A positive page number from the query (1 when absent or unreadable). */
export function pageOf(query: URLSearchParams): number {
  const value = Number(query.get('page') ?? '1');
  return Number.isInteger(value) && value >= 1 && value <= 10_000 ? value : 1;
}

/** The surname a request searches, for scoped faults: the last name, else a keyword box's first word. */
export function searchedLastName(query: URLSearchParams): string | undefined {
  return query.get('lastName')?.trim() || query.get('keywords')?.trim().split(/\s+/)[0] || undefined;
}
