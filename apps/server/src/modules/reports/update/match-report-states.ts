import { ENTITLEMENTS } from '@licensewatch/shared/plans';
import type { StateCode } from '@licensewatch/shared/states';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.ts';
import type { Platform } from '../../../platform/deps.ts';
import { describeSourceFailureForUsers } from '../../licensing/describe-source-failure-for-users.ts';
import type { LicenseMatch } from '../../licensing/find-licenses.ts';
import {
  findLicensesWithLookup,
  type LookupBoard,
  type LookupFailure,
  type StoreLookedUpLicenses,
} from '../../licensing/find-licenses-with-lookup.ts';
import type { LicenseBoard, LicenseSources } from '../../licensing/license-sources.ts';
import { partitionBoardsByBulkFile } from '../../licensing/partition-boards-by-bulk-file.ts';
import { CONFIDENT_MATCH } from '../../licensing/score-candidate.ts';
import { userPlan } from '../../plans/tables.ts';
import { enqueueLicenseFound } from '../../webhooks/enqueue-license-found.ts';
import { enqueueSourceUnavailable, type UnavailableBoard } from '../../webhooks/enqueue-source-unavailable.ts';
import { countTrackedLicenses } from '../count-tracked-licenses.ts';
import { type report, reportCandidate, reportLicense, reportState } from '../tables.ts';

export type ReportToMatch = Pick<
  typeof report.$inferSelect,
  'id' | 'workspaceId' | 'firstName' | 'middleName' | 'lastName' | 'licenseType' | 'states'
>;

export type StateOutcome = {
  state: StateCode;
  status: 'done' | 'unavailable';
  attached: number;
  overLimit: number;
  /** Open candidates left for the user to review in the state. */
  toReview: number;
  /** Matches held back as candidates by `holdUntilLookedUp`, for a pass that knows every state's rows. */
  deferred: number;
  error: string | null;
};

/** States matched side by side: each waits mostly on its boards, which are different servers. */
const STATE_CONCURRENCY = 6;

/** Attach only what the engine is confident belongs to this physician; the rest wait for review. */
const isConfident = (match: LicenseMatch) => match.confidence >= CONFIDENT_MATCH && !match.review;

/**
 * Candidates offered per state, best first: a common name fits many rows a little, and a list
 * longer than this is a sign the name is too vague, not a list anyone checks row by row.
 */
export const MAX_CANDIDATES_PER_STATE = 3;

/**
 * Matches the report's physician in each of `states` and settles each state in its own
 * transaction: confident matches attached (never twice: unique per report and license), the
 * state marked done — or unavailable when one of its look-up boards could not be searched, in
 * which case the registry's licenses are still attached and the state is tried again later.
 *
 * `live`: search the look-up-only boards of each state (one engine call per such state, so
 * progress moves state by state); otherwise, and for states read from a bulk file, one call answers from the
 * registry. Every call matches across all of the report's states — the context the engine's
 * ambiguity rules and accuracy figures assume — and attaches only the state it settles.
 * Returns null when the report was deleted meanwhile.
 */
export async function matchReportStates(
  ctx: Pick<Platform, 'db' | 'pool' | 'log'> & { licensing?: LicenseSources },
  rep: ReportToMatch,
  states: readonly StateCode[],
  {
    live,
    store,
    holdUntilLookedUp = false,
    allAtOnce = false,
  }: {
    live: boolean;
    store?: StoreLookedUpLicenses;
    /**
     * Every look-up board of the states searched at once, then one registry match and one
     * transaction settling every state — for reports nobody watches state by state (a roster
     * import's: hundreds at a time). Nothing is decided before every look-up is in, so nothing is
     * held back either.
     */
    allAtOnce?: boolean;
    /**
     * Offer confident matches as candidates instead of attaching them when they were decided while
     * a look-up of another of the states was still under way: the physician that look-up brings
     * into the registry may share the name, and then the match was never this physician's alone
     * (update-report re-matches the held states once every look-up is in).
     */
    holdUntilLookedUp?: boolean;
  },
): Promise<StateOutcome[] | null> {
  if (states.length === 0) return [];
  const licensing = ctx.licensing;
  if (!licensing) throw new Error('No license sources are configured');
  const lookupBoards = new Map<StateCode, LookupBoard[]>();
  if (live) {
    for (const board of partitionBoardsByBulkFile(licensing).lookupOnly) {
      const boards = lookupBoards.get(board.jurisdiction) ?? [];
      boards.push({ state: board.jurisdiction, sourceKind: board.sourceKind, source: licensing.sourceFor(board.id) });
      lookupBoards.set(board.jurisdiction, boards);
    }
  }
  const query = {
    firstName: rep.firstName,
    middleName: rep.middleName,
    lastName: rep.lastName,
    licenseType: rep.licenseType,
    states: rep.states,
  };
  const groups: { states: StateCode[]; lookups: LookupBoard[] }[] = [];
  if (allAtOnce) {
    groups.push({ states: [...states], lookups: states.flatMap((state) => lookupBoards.get(state) ?? []) });
  } else {
    const registryOnly = states.filter((state) => !lookupBoards.has(state));
    if (registryOnly.length > 0) groups.push({ states: registryOnly, lookups: [] });
    for (const state of states) {
      const lookups = lookupBoards.get(state);
      if (lookups) groups.push({ states: [state], lookups });
    }
  }

  const outcomes: StateOutcome[] = [];
  let gone = false;
  const queue = [...groups];
  let lookupsUnderWay = groups.filter((g) => g.lookups.length > 0).length;
  await Promise.all(
    Array.from({ length: Math.min(STATE_CONCURRENCY, queue.length) }, async () => {
      for (let group = queue.shift(); group && !gone; group = queue.shift()) {
        const own = group.lookups.length > 0 ? 1 : 0;
        // Decided before another state's look-up is stored: that look-up may bring a namesake.
        const hold = holdUntilLookedUp && lookupsUnderWay - own > 0;
        const found = await findLicensesWithLookup(ctx, query, { lookups: group.lookups, store, includeNear: true });
        lookupsUnderWay -= own;
        const decided = group.states.map((state): Decision => {
          const failures = found.failures.filter((f) => f.state === state);
          const error = failures.length > 0 ? failures.map((f) => `${f.boardId}: ${f.error}`).join('; ') : null;
          const inState = found.matches.filter((m) => m.license.jurisdiction === state);
          const deferred = hold ? inState.filter(isConfident) : [];
          const matches = inState.filter((m) => isConfident(m) && !deferred.includes(m));
          const candidates = [
            ...deferred.map((m): LicenseMatch => ({ ...m, review: 'near' })),
            ...inState.filter((m) => m.review),
          ].slice(0, MAX_CANDIDATES_PER_STATE);
          return { state, matches, candidates, deferred: deferred.length, error, failures };
        });
        if (allAtOnce) {
          const settled = await ctx.db.transaction((tx) => settleStates(tx, rep, decided, live, licensing.boards));
          if (!settled) gone = true;
          else outcomes.push(...settled);
          continue;
        }
        for (const d of decided) {
          const outcome = await ctx.db.transaction((tx) => settleState(tx, rep, d, live, licensing.boards));
          if (!outcome) {
            gone = true;
            break;
          }
          outcomes.push(outcome);
        }
      }
    }),
  );
  return gone ? null : outcomes;
}

type Decision = {
  state: StateCode;
  matches: LicenseMatch[];
  candidates: LicenseMatch[];
  deferred: number;
  /** For the operator (report_state.last_error); null when every board of the state was read. */
  error: string | null;
  /** The boards of the state that could not be searched. */
  failures: LookupFailure[];
};

/**
 * Every state of `decided` settled in the caller's transaction. Most states of a physician hold
 * nothing: those are marked done (their open candidates withdrawn) in two statements for all of
 * them; a state with something to attach or offer, or whose board failed, goes through
 * settleState. Null when the report was deleted meanwhile.
 */
async function settleStates(
  tx: Tx,
  rep: ReportToMatch,
  decided: Decision[],
  live: boolean,
  boards: readonly LicenseBoard[],
): Promise<StateOutcome[] | null> {
  const states = decided.map((d) => d.state);
  // Locks the report's state rows, in one order so that two runs cannot deadlock.
  const { rows: locked } = await tx.execute<{ state: StateCode }>(sql`
    SELECT state FROM report_state WHERE report_id = ${rep.id} AND state = ANY(${sql.param(states)}::text[])
    ORDER BY state FOR UPDATE`);
  if (locked.length === 0) return null;
  const present = new Set(locked.map((r) => r.state));
  const empty = decided.filter(
    (d) => present.has(d.state) && d.matches.length === 0 && d.candidates.length === 0 && d.error === null,
  );
  const outcomes: StateOutcome[] = [];
  if (empty.length > 0) {
    const emptyStates = empty.map((d) => d.state);
    await tx.execute(sql`
      DELETE FROM report_candidate
      WHERE report_id = ${rep.id} AND state = ANY(${sql.param(emptyStates)}::text[]) AND status = 'open'`);
    await tx.execute(sql`
      UPDATE report_state SET status = 'done', last_error = NULL, over_limit = 0, checked_at = now(),
        attempts = attempts + ${live ? 1 : 0}
      WHERE report_id = ${rep.id} AND state = ANY(${sql.param(emptyStates)}::text[])`);
    for (const d of empty)
      outcomes.push({
        state: d.state,
        status: 'done',
        attached: 0,
        overLimit: 0,
        toReview: 0,
        deferred: 0,
        error: null,
      });
  }
  for (const d of decided) {
    if (!present.has(d.state) || empty.includes(d)) continue;
    const outcome = await settleState(tx, rep, d, live, boards);
    if (outcome) outcomes.push(outcome);
  }
  return outcomes;
}

async function settleState(
  tx: Tx,
  rep: ReportToMatch,
  { state, matches, candidates, deferred, error, failures }: Decision,
  live: boolean,
  boards: readonly LicenseBoard[],
): Promise<StateOutcome | null> {
  // Locks this state's row; a report deleted meanwhile has none, and a delete waits for us.
  const [row] = await tx
    .select({ state: reportState.state, status: reportState.status })
    .from(reportState)
    .where(and(eq(reportState.reportId, rep.id), eq(reportState.state, state)))
    .for('update');
  if (!row) return null;
  // One attach at a time per user, so concurrent updates cannot overrun the tracked-license limit.
  const [plan] = await tx
    .select({ planName: userPlan.planName })
    .from(userPlan)
    .where(eq(userPlan.workspaceId, rep.workspaceId))
    .for('update');
  const limit = plan ? ENTITLEMENTS[plan.planName].trackedLicenses : null;

  let attach = matches;
  let overLimit = 0;
  if (limit !== null && matches.length > 0) {
    const ids = matches.map((m) => m.license.id);
    const existing = new Set(
      (
        await tx
          .select({ licenseId: reportLicense.licenseId })
          .from(reportLicense)
          .where(and(eq(reportLicense.reportId, rep.id), inArray(reportLicense.licenseId, ids)))
      ).map((r) => r.licenseId),
    );
    // Licenses without a number are never counted (docs/product-rules.md, What is counted), so they
    // take no place either.
    const counted = matches.filter((m) => m.license.licenseNumber !== null && !existing.has(m.license.id));
    const room = Math.max(0, limit - (await countTrackedLicenses(tx, rep.workspaceId)));
    const refused = new Set(counted.slice(room).map((m) => m.license.id));
    overLimit = refused.size;
    attach = matches.filter((m) => !refused.has(m.license.id));
  }
  let attached = 0;
  if (attach.length > 0) {
    const inserted = await tx
      .insert(reportLicense)
      .values(
        attach.map((m) => ({
          reportId: rep.id,
          licenseId: m.license.id,
          confidence: m.confidence,
          matchReason: m.reason,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: reportLicense.id });
    attached = inserted.length;
    // Webhook license.found, in this transaction: the outbox row exists exactly when the attachment does (ADR 021).
    await enqueueLicenseFound(
      tx,
      inserted.map((r) => r.id),
    );
  }
  const toReview = await offerCandidates(tx, rep.id, state, candidates);
  const status = error ? 'unavailable' : 'done';
  await tx
    .update(reportState)
    .set({
      status,
      // A try of the state's boards; deciding again from the registry alone is none.
      attempts: live ? sql`${reportState.attempts} + 1` : reportState.attempts,
      lastError: error,
      overLimit,
      checkedAt: sql`now()`,
    })
    .where(and(eq(reportState.reportId, rep.id), eq(reportState.state, state)));
  // Webhook source.unavailable, once per turn into unavailable (ADR 046): a retry that finds the
  // board still down is the same outage, told already.
  if (status === 'unavailable' && row.status !== 'unavailable')
    await enqueueSourceUnavailable(tx, {
      reportId: rep.id,
      state,
      previousStatus: row.status,
      boards: failures.map((f) => unavailableBoard(f, boards)),
    });
  return { state, status, attached, overLimit, toReview, deferred, error };
}

/** A failed board as source.unavailable shows it: its name and public look-up, and why in words safe to show. */
function unavailableBoard(failure: LookupFailure, boards: readonly LicenseBoard[]): UnavailableBoard {
  const board = boards.find((b) => b.id === failure.boardId);
  return {
    id: failure.boardId,
    name: board?.name ?? failure.boardId,
    lookup_url: board?.lookupUrl ?? null,
    error: describeSourceFailureForUsers(failure.kind),
  };
}

/**
 * Brings the state's open candidates in line with this match's: one the registry no longer offers
 * goes, one still offered keeps its id (a page showing it can still decide on it) and takes the new
 * reading, a decided one stays decided (a rejected license is never offered again for the report),
 * and a license the report already tracks or hid is no candidate. Returns how many are open.
 */
async function offerCandidates(tx: Tx, reportId: string, state: StateCode, candidates: LicenseMatch[]) {
  const ids = candidates.map((m) => m.license.id);
  const tracked = new Set(
    ids.length === 0
      ? []
      : (
          await tx
            .select({ licenseId: reportLicense.licenseId })
            .from(reportLicense)
            .where(and(eq(reportLicense.reportId, reportId), inArray(reportLicense.licenseId, ids)))
        ).map((r) => r.licenseId),
  );
  // A license without a number is never shown or counted (docs/product-rules.md, What is counted).
  const offered = candidates.filter((m) => !tracked.has(m.license.id) && m.license.licenseNumber !== null);
  const open = and(
    eq(reportCandidate.reportId, reportId),
    eq(reportCandidate.state, state),
    eq(reportCandidate.status, 'open'),
  );
  await tx.delete(reportCandidate).where(
    offered.length === 0
      ? open
      : and(
          open,
          notInArray(
            reportCandidate.licenseId,
            offered.map((m) => m.license.id),
          ),
        ),
  );
  if (offered.length === 0) return 0;
  await tx
    .insert(reportCandidate)
    .values(
      offered.map((m) => ({
        reportId,
        licenseId: m.license.id,
        state,
        kind: m.review ?? 'near',
        confidence: m.confidence,
        matchReason: m.reason,
      })),
    )
    // An open one offered again takes this match's reading (a held match becomes a namesake once
    // the other physician is on record); a decided one stays as it was decided.
    .onConflictDoUpdate({
      target: [reportCandidate.reportId, reportCandidate.licenseId],
      set: {
        kind: sql`excluded.kind`,
        confidence: sql`excluded.confidence`,
        matchReason: sql`excluded.match_reason`,
      },
      setWhere: eq(reportCandidate.status, 'open'),
    });
  const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(reportCandidate).where(open);
  return row?.count ?? 0;
}
