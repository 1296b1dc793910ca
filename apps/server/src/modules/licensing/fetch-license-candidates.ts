import type { LicenseType } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import { and, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { listOneEditSpellings } from './matching/list-one-edit-spellings.ts';
import { listSurnameKeys } from './matching/list-surname-keys.ts';
import { nicknameVariants } from './matching/nicknames.ts';
import { SURNAME_PARTICLES } from './parse-person-name.ts';
import { type ComparableName, SHORT_SURNAME_TYPO_LENGTHS } from './score-candidate.ts';
import { license } from './tables.ts';

export type LicenseRow = typeof license.$inferSelect;

/**
 * What matching reads of a candidate: its names and where it is. A crowded name brings back
 * hundreds of candidates and a handful of matches, so the whole row is read for the matches only.
 */
export type CandidateRow = Pick<
  LicenseRow,
  'id' | 'jurisdiction' | 'boardId' | 'licenseType' | 'firstNorm' | 'middleNorm' | 'lastNorm' | 'suffix'
>;
const candidateColumns = {
  id: license.id,
  jurisdiction: license.jurisdiction,
  boardId: license.boardId,
  licenseType: license.licenseType,
  firstNorm: license.firstNorm,
  middleNorm: license.middleNorm,
  lastNorm: license.lastNorm,
  suffix: license.suffix,
};

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

function startsWith(column: typeof license.lastNorm | typeof license.firstNorm, prefix: string): SQL {
  return and(gte(column, prefix), lt(column, prefixEnd(prefix))) as SQL;
}

const coreTokens = (tokens: readonly string[]) => tokens.filter((token) => !SURNAME_PARTICLES.has(token));
// The surname without a suffix or degree some boards print inside it ('smith jr'), run together.
// license_surname_typo_idx (licensing/tables.ts) indexes its length: the two must stay the same expression.
const withoutSpaces = sql`replace(regexp_replace(${license.lastNorm}, '( (jr|sr|ii|iii|iv|md))+$', ''), ' ', '')`;

const INITIALS = Array.from('abcdefghijklmnopqrstuvwxyz');

/**
 * Given names a matching row could be filed under: exact, nicknames, middle as first, initials
 * (any letter: a board listing 'J ROBERT SMITH' may mean a Robert who goes by his middle name),
 * typos after the first letter, 'Mary Ann' for 'Mary' and 'Mary' for 'Maryann'. Each branch is a
 * condition the (last_norm, first_norm) index can answer on its own, so that the surname scans
 * read only rows with a compatible given name instead of every Smith.
 */
function givenBranches(name: ComparableName, { initials }: { initials: boolean }): SQL[] {
  const [first = '', ...middles] = name.given;
  const keys = new Set<string>([first, ...nicknameVariants(first), ...middles, name.given.join(' ')]);
  if (initials) for (const letter of INITIALS) keys.add(letter);
  for (let length = 3; length < first.length; length++) keys.add(first.slice(0, length));
  const branches: SQL[] = [
    inArray(license.firstNorm, [...keys].filter(Boolean)),
    startsWith(license.firstNorm, `${first} `),
  ];
  if (first.length === 1) {
    branches.push(startsWith(license.firstNorm, first));
  } else if (first.length >= 4) {
    // Typos from the third letter on; one in the first two letters is the wide pass's to find.
    branches.push(
      and(
        startsWith(license.firstNorm, first.slice(0, 2)),
        sql`length(${license.firstNorm}) between ${first.length - 1} and ${first.length + 1}`,
      ) as SQL,
    );
  }
  return branches;
}

/**
 * The public registry's rows a physician of this type can hold: the type's own, and those of boards
 * that do not say MD or DO (license_type NULL). Licenses a workspace verified by hand are its own
 * (license.workspace_id) and never a candidate for anyone's match.
 */
function registryRowsOfType(licenseType: LicenseType, workspaceId: string | undefined): SQL[] {
  return [
    or(eq(license.licenseType, licenseType), isNull(license.licenseType)) as SQL,
    workspaceId === undefined
      ? isNull(license.workspaceId)
      : (or(isNull(license.workspaceId), eq(license.workspaceId, workspaceId)) as SQL),
  ];
}

export async function fetchLicenseCandidates(
  db: Db,
  { name, licenseType, states, workspaceId }: CandidateSearch,
  pass: CandidatePass,
): Promise<CandidateRow[]> {
  if (name.surname.length === 0 || name.given.length === 0) return [];
  if (states && states.length === 0) return [];
  const scope = [
    ...registryRowsOfType(licenseType, workspaceId),
    ...(states ? [inArray(license.jurisdiction, [...states])] : []),
  ];
  const givens = givenBranches(name, { initials: true });
  const given = or(...givens) as SQL;
  const joined = name.surname.join('');
  const core = coreTokens(name.surname);

  if (pass === 'indexed') {
    const partial: SQL[] = [];
    for (const token of core) {
      if (token.length >= 3) partial.push(startsWith(license.lastNorm, token));
    }
    if (joined.length >= 5) {
      // Written as license_surname_typo_idx's expressions: the index holds each row's first two
      // letters and run-together length, so this reads only the rows it matches instead of
      // computing the length of every surname sharing two letters (docs/license-engine.md,
      // Performance).
      const lengths = [joined.length - 1, joined.length, joined.length + 1];
      partial.push(
        and(
          sql`left(${license.lastNorm}, 2) = ${joined.slice(0, 2)}`,
          sql`length(${withoutSpaces}) in (${sql.join(
            lengths.map((n) => sql`${n}`),
            sql`, `,
          )})`,
        ) as SQL,
      );
    }
    // Every surname branch with every given-name branch: an OR the planner turns into index
    // scans on both columns, where one OR of ORs would read every row of the surname first.
    // A surname part or typo with a bare initial can never be confident (score-candidate), so
    // those scans leave initials out: each listed first name costs a pass over the range.
    const fullNames = givenBranches(name, { initials: false });
    const branches = [
      ...givens.map((g) => and(inArray(license.lastNorm, listSurnameKeys(name)), g) as SQL),
      ...partial.flatMap((surname) => fullNames.map((g) => and(surname, g) as SQL)),
    ];
    return db
      .select(candidateColumns)
      .from(license)
      .where(and(...scope, or(...branches)));
  }

  const [first = ''] = name.given;
  const tokenArray = sql.join(
    core.map((token) => sql`${token}`),
    sql`, `,
  );
  const branches: SQL[] = [
    // Written as an array overlap so that a GIN index on string_to_array(last_norm, ' ') would serve it.
    and(sql`string_to_array(${license.lastNorm}, ' ') && array[${tokenArray}]::text[]`, given) as SQL,
  ];
  if (first.length >= 4) {
    branches.push(
      and(
        inArray(license.lastNorm, listSurnameKeys(name)),
        or(
          sql`right(${license.firstNorm}, 3) = ${first.slice(-3)}`,
          and(
            startsWith(license.firstNorm, first.slice(0, 1)),
            sql`length(${license.firstNorm}) between ${first.length - 1} and ${first.length + 1}`,
          ),
        ),
      ) as SQL,
    );
  }
  // A short surname (promote-unique-surname-typos) may be a slip anywhere, and every surname a
  // keystroke from it is a rival to weigh, so all of them are probed by name, initials included.
  if (joined.length >= SHORT_SURNAME_TYPO_LENGTHS.min - 1 && joined.length <= SHORT_SURNAME_TYPO_LENGTHS.max) {
    branches.push(and(inArray(license.lastNorm, listOneEditSpellings(joined)), given) as SQL);
  }
  if (joined.length >= 5) {
    branches.push(
      and(
        sql`right(${withoutSpaces}, 3) = ${joined.slice(-3)}`,
        sql`length(${withoutSpaces}) between ${joined.length - 1} and ${joined.length + 1}`,
        given,
      ) as SQL,
    );
  }
  return db
    .select(candidateColumns)
    .from(license)
    .where(and(...scope, or(...branches)));
}

/** Whether any license of the type is filed under a surname spelling the query could mean. */
export async function isSurnameOnRecord(db: Db, { name, licenseType, workspaceId }: CandidateSearch): Promise<boolean> {
  if (name.surname.length === 0) return false;
  const rows = await db
    .select({ id: license.id })
    .from(license)
    .where(and(inArray(license.lastNorm, listSurnameKeys(name)), ...registryRowsOfType(licenseType, workspaceId)))
    .limit(1);
  return rows.length > 0;
}
