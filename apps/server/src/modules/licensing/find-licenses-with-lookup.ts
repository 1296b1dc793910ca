import type { StateCode } from '@licensewatch/shared/states';
import type { Platform } from '../../platform/deps.ts';
import { type FindLicensesOptions, type FindLicensesQuery, findLicenses, type LicenseMatch } from './find-licenses.ts';
import type { LicenseSource, SourceFailureKind, SourceRecord } from './types.ts';
import { upsertLookedUpLicenses } from './upsert-looked-up-licenses.ts';

/** A board with no bulk file in the registry, searched live for each query. */
export type LookupBoard = { state: StateCode; sourceKind: string; source: LicenseSource };
/**
 * `error` in the operator's words (logs, report_state.last_error); `kind` what the board's answer
 * was, for words a user may read (describe-source-failure-for-users.ts) — null when it was not the
 * board's answer (the look-up threw, or storing its answer failed).
 */
export type LookupFailure = { state: StateCode; boardId: string; error: string; kind: SourceFailureKind | null };
export type LookupOutcome = { state: StateCode; boardId: string; records: number };
export type StoreLookedUpLicenses = (records: readonly SourceRecord[], sourceKind: string) => Promise<unknown>;

export type FindLicensesWithLookupResult = {
  matches: LicenseMatch[];
  /** Boards searched and how many records each returned (stored before matching). */
  lookedUp: LookupOutcome[];
  /** Boards that could not be searched; their state's answer comes from the registry alone. */
  failures: LookupFailure[];
};

export type FindLicensesWithLookupOptions = FindLicensesOptions & {
  lookups: readonly LookupBoard[];
  /** Where look-up results go; the registry's upsert (with license events) unless replaced. */
  store?: StoreLookedUpLicenses;
};

const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * findLicenses for jurisdictions that only offer a search form: each such board is searched live
 * first, what it returns is stored in the registry (so status changes become events and the next
 * query is local), and then the whole registry is matched. A board that fails — down, rate
 * limited, changed page — is reported per state and never fails the query.
 */
export async function findLicensesWithLookup(
  ctx: Pick<Platform, 'db' | 'pool' | 'log'>,
  query: FindLicensesQuery,
  { lookups, store, ...options }: FindLicensesWithLookupOptions,
): Promise<FindLicensesWithLookupResult> {
  const storeRecords: StoreLookedUpLicenses =
    store ?? ((records, sourceKind) => upsertLookedUpLicenses(ctx, { records, sourceKind }));
  const wanted = query.states ? new Set<StateCode>(query.states) : null;
  const boards = lookups.filter((board) => !wanted || wanted.has(board.state));

  const answered: (LookupOutcome & { sourceKind: string; found: readonly SourceRecord[] })[] = [];
  const failures: LookupFailure[] = [];
  await Promise.all(
    boards.map(async ({ state, sourceKind, source }) => {
      const boardId = source.boardId;
      try {
        const found = await source.search({
          firstName: query.firstName,
          middleName: query.middleName ?? undefined,
          lastName: query.lastName,
          licenseType: query.licenseType,
        });
        if (found.ok) answered.push({ state, boardId, records: found.value.length, sourceKind, found: found.value });
        else
          failures.push({
            state,
            boardId,
            error: `${found.error.kind}: ${found.error.message}`,
            kind: found.error.kind,
          });
      } catch (error) {
        // search() promises never to throw; one board must not sink the query.
        ctx.log.warn({ boardId, err: error }, 'live license look-up failed');
        failures.push({ state, boardId, error: describeError(error), kind: null });
      }
    }),
  );

  // Every board's answer is stored at once (one merge per source kind, not one per board), before matching.
  const lookedUp: LookupOutcome[] = [];
  const kinds = new Map<string, typeof answered>();
  for (const answer of answered) {
    const same = kinds.get(answer.sourceKind) ?? [];
    same.push(answer);
    kinds.set(answer.sourceKind, same);
  }
  for (const [sourceKind, answers] of kinds) {
    const found = answers.flatMap((a) => a.found);
    try {
      if (found.length > 0) await storeRecords(found, sourceKind);
      for (const { state, boardId, records } of answers) lookedUp.push({ state, boardId, records });
    } catch (error) {
      // Storing can fail; the boards' states then answer from the registry alone, as for a board that failed.
      ctx.log.warn({ sourceKind, err: error }, 'storing live look-up results failed');
      for (const { state, boardId } of answers)
        failures.push({ state, boardId, error: describeError(error), kind: null });
    }
  }

  const byBoard = (a: { boardId: string }, b: { boardId: string }) => a.boardId.localeCompare(b.boardId);
  return {
    matches: await findLicenses(ctx.db, query, options),
    lookedUp: lookedUp.sort(byBoard),
    failures: failures.sort(byBoard),
  };
}
