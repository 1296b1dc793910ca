import type { LicenseType } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import { type SQL, sql } from 'drizzle-orm';
import type { Platform } from '../../platform/deps.ts';
import type { FindLicensesQuery, LicenseMatch } from '../licensing/find-licenses.ts';
import {
  findLicensesWithLookup,
  type LookupBoard,
  type LookupFailure,
} from '../licensing/find-licenses-with-lookup.ts';
import type { LicenseSources } from '../licensing/license-sources.ts';
import { normalizeNamePart } from '../licensing/normalize-name.ts';
import { partitionBoardsByBulkFile } from '../licensing/partition-boards-by-bulk-file.ts';
import { CONFIDENT_MATCH } from '../licensing/score-candidate.ts';

export type NameSearch = {
  firstName: string;
  middleName?: string | null | undefined;
  lastName: string;
  suffix?: string | null | undefined;
  /** Both types when absent (the GET endpoints make it optional). */
  licenseType?: LicenseType | undefined;
  /** Every jurisdiction when absent. */
  state?: StateCode | undefined;
  /** Not searched by: it settles the exclusion check (screen-physician-name.ts). */
  npi?: string | undefined;
  /** The caller's workspace: its licenses verified by hand are found too; never another workspace's. */
  workspaceId?: string | undefined;
};

export type NameSearchResult = {
  query: FindLicensesQuery;
  /** What the engine is confident belongs to the physician: the answer. */
  confident: LicenseMatch[];
  /** What it would not decide on (namesakes, near spellings): returned apart, never mixed in. */
  possible: LicenseMatch[];
  unavailable: LookupFailure[];
};

/** A look-up board searched for a name within this long answers from the registry instead. */
const LOOKUP_FRESH_HOURS = 24;

/** Possible matches per state, best first: a longer list means the name is too vague to review. */
const MAX_POSSIBLE_PER_STATE = 3;

/** A text[] literal of parameters (drizzle spreads a bare JS array into a parenthesised list). */
const textArray = (values: readonly string[]): SQL =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

const queryKey = (query: FindLicensesQuery) =>
  [query.firstName, query.middleName, query.lastName, query.licenseType].map(normalizeNamePart).join('|');

/**
 * A physician's licenses by name, with the matcher reports use (docs/license-engine.md): the
 * registry for boards whose bulk file it holds, and a live search of each look-up-only board in
 * scope that was not searched for this name in the last day (what it returns is stored, so the
 * registry answers the next call). A board that cannot be searched is named in `unavailable`;
 * its state is answered from the registry alone.
 */
export async function searchLicensesByName(
  ctx: Pick<Platform, 'db' | 'pool' | 'log'> & { licensing?: LicenseSources },
  search: NameSearch,
): Promise<NameSearchResult> {
  const types: LicenseType[] = search.licenseType ? [search.licenseType] : ['MD', 'DO'];
  const results = await Promise.all(types.map((licenseType) => searchOneType(ctx, { ...search, licenseType })));
  return {
    query: results[0]?.query as FindLicensesQuery,
    confident: results.flatMap((r) => r.confident).sort(byConfidence),
    possible: results.flatMap((r) => r.possible).sort(byConfidence),
    unavailable: results.flatMap((r) => r.unavailable),
  };
}

const byConfidence = (a: LicenseMatch, b: LicenseMatch) =>
  b.confidence - a.confidence || a.license.jurisdiction.localeCompare(b.license.jurisdiction);

async function searchOneType(
  ctx: Pick<Platform, 'db' | 'pool' | 'log'> & { licensing?: LicenseSources },
  search: NameSearch & { licenseType: LicenseType },
): Promise<NameSearchResult> {
  const query: FindLicensesQuery = {
    firstName: search.firstName,
    middleName: search.middleName ?? null,
    lastName: search.lastName,
    suffix: search.suffix ?? null,
    licenseType: search.licenseType,
    states: search.state ? [search.state] : undefined,
  };
  const lookups = await staleLookupBoards(ctx, query);
  const found = await findLicensesWithLookup(ctx, query, {
    lookups,
    includeNear: true,
    ...(search.workspaceId ? { workspaceId: search.workspaceId } : {}),
  });
  if (found.lookedUp.length > 0) {
    const key = queryKey(query);
    await ctx.db.execute(sql`
      INSERT INTO board_search (board_id, query_key, searched_at)
      SELECT board_id, ${key}, now() FROM unnest(${textArray(found.lookedUp.map((l) => l.boardId))}) AS board_id
      ON CONFLICT (board_id, query_key) DO UPDATE SET searched_at = now()`);
  }
  const confident = found.matches.filter((m) => m.confidence >= CONFIDENT_MATCH && !m.review);
  const perState = new Map<StateCode, number>();
  const possible = found.matches.filter((m) => {
    if (!m.review) return false;
    const n = perState.get(m.license.jurisdiction) ?? 0;
    perState.set(m.license.jurisdiction, n + 1);
    return n < MAX_POSSIBLE_PER_STATE;
  });
  return { query, confident, possible, unavailable: found.failures };
}

/** The look-up-only boards in the query's states not searched for this name in the last day. */
async function staleLookupBoards(
  ctx: Pick<Platform, 'db'> & { licensing?: LicenseSources },
  query: FindLicensesQuery,
): Promise<LookupBoard[]> {
  const { licensing } = ctx;
  if (!licensing) return [];
  const wanted = query.states ? new Set(query.states) : null;
  const boards = partitionBoardsByBulkFile(licensing).lookupOnly.filter((b) => !wanted || wanted.has(b.jurisdiction));
  if (boards.length === 0) return [];
  const { rows } = await ctx.db.execute<{ board_id: string }>(sql`
    SELECT board_id FROM board_search
    WHERE query_key = ${queryKey(query)} AND board_id = ANY(${textArray(boards.map((b) => b.id))})
      AND searched_at > now() - make_interval(hours => ${LOOKUP_FRESH_HOURS})`);
  const fresh = new Set(rows.map((r) => r.board_id));
  return boards
    .filter((b) => !fresh.has(b.id))
    .map((b) => ({ state: b.jurisdiction, sourceKind: b.sourceKind, source: licensing.sourceFor(b.id) }));
}
