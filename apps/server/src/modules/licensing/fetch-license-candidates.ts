import type { LicenseType } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import type { Db } from '../../platform/db/client.ts';
import { queryPrepared } from '../../platform/db/query-prepared.ts';
import { listOneEditSpellings } from './matching/list-one-edit-spellings.ts';
import { listSurnameKeys } from './matching/list-surname-keys.ts';
import { nicknameVariants } from './matching/nicknames.ts';
import { SURNAME_PARTICLES } from './parse-person-name.ts';
import { type ComparableName, SHORT_SURNAME_TYPO_LENGTHS } from './score-candidate.ts';
import type { license } from './tables.ts';

export type LicenseRow = typeof license.$inferSelect;

/**
 * What matching reads of a candidate: its names and where it is. A crowded name brings back
 * hundreds of candidates and a handful of matches, so the whole row is read for the matches only.
 */
export type CandidateRow = Pick<
  LicenseRow,
  'id' | 'jurisdiction' | 'boardId' | 'licenseType' | 'firstNorm' | 'middleNorm' | 'lastNorm' | 'suffix'
>;
const CANDIDATE_COLUMNS = `id, jurisdiction, board_id AS "boardId", license_type AS "licenseType",
  first_norm AS "firstNorm", middle_norm AS "middleNorm", last_norm AS "lastNorm", suffix`;

export type CandidateSearch = {
  name: ComparableName;
  licenseType: LicenseType;
  states?: readonly StateCode[] | undefined;
  /** Also the licenses this workspace verified by hand (the search API's caller); never anyone else's. */
  workspaceId?: string | undefined;
};

/**
 * `indexed`: only what the (last_norm, first_norm) index answers — every surname form the query
 * could be stored under, surnames starting with one of its components ('Garcia' → 'Garcia
 * Lopez'), and surnames of about its length sharing its first two letters (typos, 'Vanderberg'
 * for 'Van der Berg'), each for compatible given names.
 * `wide`: what needs a sequential scan — the query's surname as a later component ('Lopez' in
 * 'Garcia Lopez', 'Berg' in 'Van der Berg'), a typo in the first two letters of the surname or
 * the first letter of the given name. Run only when `indexed` found nothing confident: a typo in
 * the query hides every one of the physician's rows alike.
 */
export type CandidatePass = 'indexed' | 'wide';

/** Exclusive upper bound of the index range holding every string that starts with `prefix`. */
function prefixEnd(prefix: string): string {
  const chars = Array.from(prefix);
  const last = chars.pop() as string;
  return chars.join('') + String.fromCodePoint((last.codePointAt(0) as number) + 1);
}

const coreTokens = (tokens: readonly string[]) => tokens.filter((token) => !SURNAME_PARTICLES.has(token));
// The surname without a suffix or degree some boards print inside it ('smith jr'), run together.
// license_surname_typo_idx (licensing/tables.ts) indexes its length: the two must stay the same expression.
const WITHOUT_SPACES = `replace(regexp_replace(last_norm, '( (jr|sr|ii|iii|iv|md))+$', ''), ' ', '')`;

const INITIALS = Array.from('abcdefghijklmnopqrstuvwxyz');

/**
 * A candidate query's text and values. Names go in as parameters (lists as arrays), so the text
 * depends only on the query's shape — how many surname parts, how long a first name, whether states
 * are given — and runs as a prepared statement: PostgreSQL plans each shape once per connection
 * instead of on every search. Planning a crowded name's branches took 1.5–3 ms, as long as running
 * them (docs/license-engine.md, Performance).
 */
class CandidateQuery {
  readonly values: unknown[] = [];
  param(value: unknown, type: 'text' | 'int' | 'text[]' | 'int[]'): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }
  startsWith(column: 'last_norm' | 'first_norm', prefix: string): string {
    return `${column} >= ${this.param(prefix, 'text')} AND ${column} < ${this.param(prefixEnd(prefix), 'text')}`;
  }
}

/**
 * Given names a matching row could be filed under: exact, nicknames, middle as first, initials
 * (any letter: a board listing 'J ROBERT SMITH' may mean a Robert who goes by his middle name),
 * typos after the first letter, 'Mary Ann' for 'Mary' and 'Mary' for 'Maryann'. Each branch is a
 * condition the (last_norm, first_norm) index can answer on its own, so that the surname scans
 * read only rows with a compatible given name instead of every Smith.
 */
function givenBranches(q: CandidateQuery, name: ComparableName, { initials }: { initials: boolean }): string[] {
  const [first = '', ...middles] = name.given;
  const keys = new Set<string>([first, ...nicknameVariants(first), ...middles, name.given.join(' ')]);
  if (initials) for (const letter of INITIALS) keys.add(letter);
  for (let length = 3; length < first.length; length++) keys.add(first.slice(0, length));
  const branches = [
    `first_norm = ANY(${q.param([...keys].filter(Boolean), 'text[]')})`,
    q.startsWith('first_norm', `${first} `),
  ];
  if (first.length === 1) {
    branches.push(q.startsWith('first_norm', first));
  } else if (first.length >= 4) {
    // Typos from the third letter on; one in the first two letters is the wide pass's to find.
    branches.push(
      `${q.startsWith('first_norm', first.slice(0, 2))} AND length(first_norm) BETWEEN ${q.param(first.length - 1, 'int')} AND ${q.param(first.length + 1, 'int')}`,
    );
  }
  return branches.map((branch) => `(${branch})`);
}

/**
 * The public registry's rows a physician of this type can hold: the type's own, and those of boards
 * that do not say MD or DO (license_type NULL). Licenses a workspace verified by hand are its own
 * (license.workspace_id) and never a candidate for anyone's match; with no workspace, none is.
 */
function registryRowsOfType(q: CandidateQuery, licenseType: LicenseType, workspaceId: string | undefined): string {
  return `(license_type = ${q.param(licenseType, 'text')} OR license_type IS NULL)
    AND (workspace_id IS NULL OR workspace_id = ${q.param(workspaceId ?? null, 'text')})`;
}

/**
 * Every surname branch with every given-name branch, each an index scan of its own, and the
 * `surname` CTE the first branches read.
 */
function indexedBranches(q: CandidateQuery, name: ComparableName): { with: string; branches: string[] } {
  const joined = name.surname.join('');
  const partial: string[] = [];
  for (const token of coreTokens(name.surname)) {
    if (token.length >= 3) partial.push(q.startsWith('last_norm', token));
  }
  if (joined.length >= 5) {
    // Written as license_surname_typo_idx's expressions: the index holds each row's first two
    // letters and run-together length, so this reads only the rows it matches instead of
    // computing the length of every surname sharing two letters (docs/license-engine.md,
    // Performance).
    partial.push(
      `left(last_norm, 2) = ${q.param(joined.slice(0, 2), 'text')} AND length(${WITHOUT_SPACES}) = ANY(${q.param([joined.length - 1, joined.length, joined.length + 1], 'int[]')})`,
    );
  }
  // An OR the planner turns into index scans on both columns, where one OR of ORs would read
  // every row of the surname first. A surname part or typo with a bare initial can never be
  // confident (score-candidate), so those scans leave initials out: each listed first name costs
  // a pass over the range.
  // Most spellings listSurnameKeys offers ('j ohnson', 'jo hnson'…) are nobody's, and each was
  // probed with every listed given name, initials included: most of the query's index reads. The
  // spellings on record are found first (one probe each, the `surname` CTE), and only they are.
  const surname = `WITH surname AS (SELECT array_agg(key) AS keys FROM unnest(${q.param(listSurnameKeys(name), 'text[]')}) AS key
    WHERE EXISTS (SELECT 1 FROM license WHERE last_norm = key)) `;
  const branches = givenBranches(q, name, { initials: true }).map(
    (g) => `(last_norm = ANY((SELECT keys FROM surname)::text[]) AND ${g})`,
  );
  if (partial.length > 0) {
    const fullNames = givenBranches(q, name, { initials: false });
    for (const part of partial) for (const g of fullNames) branches.push(`(${part} AND ${g})`);
  }
  return { with: surname, branches };
}

/** What needs a sequential scan: see CandidatePass. */
function wideBranches(q: CandidateQuery, name: ComparableName): { with: string; branches: string[] } {
  const [first = ''] = name.given;
  const joined = name.surname.join('');
  const given = `(${givenBranches(q, name, { initials: true }).join(' OR ')})`;
  const branches = [
    // Written as an array overlap so that a GIN index on string_to_array(last_norm, ' ') would serve it.
    `(string_to_array(last_norm, ' ') && ${q.param(coreTokens(name.surname), 'text[]')} AND ${given})`,
  ];
  if (first.length >= 4) {
    branches.push(
      `(last_norm = ANY(${q.param(listSurnameKeys(name), 'text[]')}) AND (right(first_norm, 3) = ${q.param(first.slice(-3), 'text')}
        OR (${q.startsWith('first_norm', first.slice(0, 1))} AND length(first_norm) BETWEEN ${q.param(first.length - 1, 'int')} AND ${q.param(first.length + 1, 'int')})))`,
    );
  }
  // A short surname (promote-unique-surname-typos) may be a slip anywhere, and every surname a
  // keystroke from it is a rival to weigh, so all of them are probed by name, initials included.
  if (joined.length >= SHORT_SURNAME_TYPO_LENGTHS.min - 1 && joined.length <= SHORT_SURNAME_TYPO_LENGTHS.max) {
    branches.push(`(last_norm = ANY(${q.param(listOneEditSpellings(joined), 'text[]')}) AND ${given})`);
  }
  if (joined.length >= 5) {
    branches.push(
      `(right(${WITHOUT_SPACES}, 3) = ${q.param(joined.slice(-3), 'text')}
        AND length(${WITHOUT_SPACES}) BETWEEN ${q.param(joined.length - 1, 'int')} AND ${q.param(joined.length + 1, 'int')}
        AND ${given})`,
    );
  }
  return { with: '', branches };
}

export async function fetchLicenseCandidates(
  db: Db,
  { name, licenseType, states, workspaceId }: CandidateSearch,
  pass: CandidatePass,
): Promise<CandidateRow[]> {
  if (name.surname.length === 0 || name.given.length === 0) return [];
  if (states && states.length === 0) return [];
  const q = new CandidateQuery();
  const scope = [registryRowsOfType(q, licenseType, workspaceId)];
  if (states) scope.push(`jurisdiction = ANY(${q.param([...states], 'text[]')})`);
  const { with: prelude, branches } = pass === 'indexed' ? indexedBranches(q, name) : wideBranches(q, name);
  return queryPrepared<CandidateRow>(db, `license-candidates-${pass}`, {
    text: `${prelude}SELECT ${CANDIDATE_COLUMNS} FROM license WHERE ${scope.join(' AND ')} AND (${branches.join(' OR ')})`,
    values: q.values,
  });
}

/** Whether any license of the type is filed under a surname spelling the query could mean. */
export async function isSurnameOnRecord(db: Db, { name, licenseType, workspaceId }: CandidateSearch): Promise<boolean> {
  if (name.surname.length === 0) return false;
  const q = new CandidateQuery();
  const rows = await queryPrepared(db, 'surname-on-record', {
    text: `SELECT 1 FROM license WHERE last_norm = ANY(${q.param(listSurnameKeys(name), 'text[]')})
      AND ${registryRowsOfType(q, licenseType, workspaceId)} LIMIT 1`,
    values: q.values,
  });
  return rows.length > 0;
}
