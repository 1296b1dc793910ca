import type { LicenseType } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import { createBatchedLookupPer } from '../../platform/db/batched-lookup.ts';
import type { Db } from '../../platform/db/client.ts';
import { queryPrepared } from '../../platform/db/query-prepared.ts';
import { selectListOf } from '../../platform/db/select-list.ts';
import {
  type CandidatePass,
  type CandidateRow,
  fetchLicenseCandidates,
  isSurnameOnRecord,
  type LicenseRow,
} from './fetch-license-candidates.ts';
import { fetchBoardMiddleNameRates } from './matching/fetch-board-middle-name-rates.ts';
import { promoteConsistentCandidates } from './matching/promote-consistent-candidates.ts';
import { promoteUniqueInitialMatches } from './matching/promote-unique-initial-matches.ts';
import { promoteUniqueSurnameTypos } from './matching/promote-unique-surname-typos.ts';
import {
  type Match,
  type RuledOutRow,
  resolveAmbiguousMatches,
  type ScoredLicense,
} from './matching/resolve-ambiguous-matches.ts';
import {
  type CandidateScore,
  CONFIDENT_MATCH,
  comparableName,
  type MatchSubject,
  type ScoreOptions,
  scoreCandidate,
} from './score-candidate.ts';
import { license } from './tables.ts';

export type FindLicensesQuery = {
  firstName: string;
  middleName?: string | null | undefined;
  lastName: string;
  /** 'Jr', 'III'…; may also be left inside lastName ('Smith Jr'). */
  suffix?: string | null | undefined;
  licenseType: LicenseType;
  /** Only these jurisdictions; all when absent. */
  states?: readonly StateCode[] | undefined;
};
export type FindLicensesOptions = {
  /** Confidence a match needs to be attached (CONFIDENT_MATCH by default). */
  threshold?: number;
  /** Scan for typo'd and later-component surnames when the indexed look-up finds nothing confident (default true). */
  widenOnMiss?: boolean;
  /** Also return near matches (below the threshold, at least REVIEW_MATCH) for a person to review. */
  includeNear?: boolean;
  /**
   * Also match the licenses this workspace verified by hand (the search API answers its caller with
   * them). Reports never do: a hand-verified license is attached to its report when it is recorded.
   */
  workspaceId?: string;
};
/**
 * Why a match below the threshold is returned: it fits a namesake as well ('namesake', marked
 * ambiguous), or fits the query only loosely ('near', with includeNear). Confident matches have none.
 */
export type ReviewKind = 'namesake' | 'near';
type Flags = { review?: ReviewKind };
export type LicenseMatch = Match<LicenseRow> & Flags;
type CandidateMatch = Match<CandidateRow> & Flags;

/**
 * The lowest confidence worth a person's look: a first initial alone (0.7, and 0.67 with a middle
 * name on one side only), a short-surname slip (0.78), a nickname with a surname typo. Two doubts
 * and an initial together fall below it.
 */
export const REVIEW_MATCH = 0.65;

/** A board showing middle names on at least this share of rows is taken to print them. */
const PRINTS_MIDDLE_NAMES = 0.5;

/** A registry row as the scorer compares it. */
export function subjectOfRow(row: CandidateRow): MatchSubject {
  return {
    ...comparableName({
      firstName: row.firstNorm,
      middleName: row.middleNorm,
      lastName: row.lastNorm,
      suffix: row.suffix,
    }),
    licenseType: row.licenseType,
  };
}

/**
 * Scores each row, once per distinct name: a physician's licenses and their namesakes' print the
 * same few names over and over, and a row's score depends only on its name and license type. Rows
 * of one name share its subject, which ambiguity resolution also compares once per name.
 */
function scoreRows(subject: MatchSubject, rows: readonly CandidateRow[], options: ScoreOptions) {
  const scored: ScoredLicense<CandidateRow>[] = [];
  const ruledOut: RuledOutRow[] = [];
  const byName = new Map<string, { subject: MatchSubject; score: CandidateScore }>();
  for (const row of rows) {
    // The suffix last: the parts before it are letters and spaces, so no two names share a key.
    const key = `${row.licenseType ?? ''}|${row.firstNorm}|${row.middleNorm}|${row.lastNorm}|${row.suffix ?? ''}`;
    let named = byName.get(key);
    if (!named) {
      const rowSubject = subjectOfRow(row);
      named = { subject: rowSubject, score: scoreCandidate(subject, rowSubject, options) };
      byName.set(key, named);
    }
    const { subject: rowSubject, score } = named;
    if (score.rejected) ruledOut.push({ jurisdiction: row.jurisdiction, subject: rowSubject });
    else scored.push({ license: row, jurisdiction: row.jurisdiction, subject: rowSubject, ...score });
  }
  return { scored, ruledOut };
}

/**
 * The registry licenses that belong to the named physician, best first (docs/license-engine.md).
 * Matches at or above the threshold may be attached; those marked 'ambiguous' fit more than one
 * physician and carry a confidence below it, so callers show them but never attach them.
 *
 * Candidates come from the name indexes (a sequential 'wide' pass only when nothing confident
 * turns up), are scored one by one (score-candidate), may be raised by the registry's own
 * evidence (an initial nobody else shares, a short-surname slip only one person fits, a
 * confident match elsewhere vouching for a row), and
 * finally pass ambiguity resolution, which withholds anything another physician could own.
 */
export async function findLicenses(
  db: Db,
  query: FindLicensesQuery,
  { threshold = CONFIDENT_MATCH, widenOnMiss = true, includeNear = false, workspaceId }: FindLicensesOptions = {},
): Promise<LicenseMatch[]> {
  const name = comparableName(query);
  const subject: MatchSubject = { ...name, licenseType: query.licenseType };
  const search = { name, licenseType: query.licenseType, states: query.states, workspaceId };

  const byId = new Map<string, CandidateRow>();
  const fetchPass = async (pass: CandidatePass, options: ScoreOptions = {}) => {
    for (const row of await fetchLicenseCandidates(db, search, pass)) byId.set(row.id, row);
    return scoreRows(subject, [...byId.values()], options);
  };
  let result = await fetchPass('indexed');
  if (widenOnMiss && !result.scored.some((candidate) => candidate.confidence >= threshold)) {
    result = await fetchPass('wide', { querySurnameOnRecord: await isSurnameOnRecord(db, search) });
  }
  const promoted = promoteConsistentCandidates(
    promoteUniqueInitialMatches(
      promoteUniqueSurnameTypos(subject, result.scored, result.ruledOut, threshold),
      threshold,
    ),
    threshold,
  );
  // Only read boards' habits when they can matter: two or more confident rows without a middle
  // name may be a physician who has none, unlike one with it (resolve-ambiguous-matches).
  const withoutMiddle = promoted.filter((c) => c.confidence >= threshold && c.subject.given.length === 1);
  if (withoutMiddle.length >= 2) {
    const rates = await fetchBoardMiddleNameRates(
      db,
      withoutMiddle.map((c) => c.license.boardId),
    );
    for (const candidate of withoutMiddle) {
      candidate.middleOmitted = (rates.get(candidate.license.boardId) ?? 0) >= PRINTS_MIDDLE_NAMES;
    }
  }
  const matches: CandidateMatch[] = resolveAmbiguousMatches(promoted, threshold, result.ruledOut).map((match) =>
    match.confidence < threshold ? { ...match, review: 'namesake' } : match,
  );
  return withWholeRows(db, includeNear ? [...matches, ...nearMatches(promoted, matches, threshold)] : matches);
}

const WHOLE_ROWS = `SELECT ${selectListOf(license)} FROM license WHERE id = ANY($1::text[])`;

/**
 * Licenses by id, read whole, one search's ids comma-joined (a uuid has no comma): reads made at
 * once share one statement (db/batched-lookup.ts batches a turn of the event loop), so that concurrent
 * searches pay one round trip for them between them.
 */
const licenseReader = createBatchedLookupPer(async (db: Db, keys: string[]) => {
  const ids = [...new Set(keys.flatMap((key) => key.split(',')))];
  const rows = await queryPrepared<LicenseRow>(db, 'licenses-by-id', { text: WHOLE_ROWS, values: [ids] });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return new Map(keys.map((key) => [key, key.split(',').flatMap((id) => byId.get(id) ?? [])] as const));
});

/** The matches with their licenses read whole; a row deleted meanwhile is dropped. */
async function withWholeRows(db: Db, matches: readonly CandidateMatch[]): Promise<LicenseMatch[]> {
  if (matches.length === 0) return [];
  const rows = (await licenseReader(db)(matches.map((m) => m.license.id).join(','))) ?? [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return matches.flatMap((match) => {
    const row = byId.get(match.license.id);
    return row ? [{ ...match, license: row }] : [];
  });
}

/**
 * The scored rows below the threshold that are still worth a look, best first. None on a board
 * where the physician is confidently found: a board lists a physician once per license type, so
 * another row there is someone else.
 */
function nearMatches(
  scored: readonly ScoredLicense<CandidateRow>[],
  matches: readonly CandidateMatch[],
  threshold: number,
): CandidateMatch[] {
  const returned = new Set(matches.map((m) => m.license.id));
  const foundOn = new Set(matches.filter((m) => !m.review).map((m) => m.license.boardId));
  return scored
    .filter(
      (c) =>
        c.confidence >= REVIEW_MATCH &&
        c.confidence < threshold &&
        !returned.has(c.license.id) &&
        !foundOn.has(c.license.boardId),
    )
    .sort((a, b) => b.confidence - a.confidence)
    .map((c) => ({
      license: c.license,
      confidence: Math.round(c.confidence * 1000) / 1000,
      reason: c.reason,
      review: 'near',
    }));
}
