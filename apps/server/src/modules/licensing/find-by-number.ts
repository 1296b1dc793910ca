import type { StateCode } from '@licensewatch/shared/states';
import { createBatchedLookupPer } from '../../platform/db/batched-lookup.ts';
import type { Db } from '../../platform/db/client.ts';
import { queryPrepared } from '../../platform/db/query-prepared.ts';
import { selectListOf } from '../../platform/db/select-list.ts';
import type { LicenseRow } from './fetch-license-candidates.ts';
import type { Match } from './matching/resolve-ambiguous-matches.ts';
import { license } from './tables.ts';

export type FindByNumberQuery = {
  licenseNumber: string;
  state: StateCode;
  /** Also the licenses this workspace verified by hand; never another workspace's. */
  workspaceId?: string | undefined;
};

/**
 * The comparison form of a license number: boards and users disagree on case, spaces, dashes
 * and stops ('dr 0012345', 'DR.0012345', 'A-123456'); the registry keeps the board's display form.
 */
export function normalizeLicenseNumber(value: string): string {
  return value.toUpperCase().replace(/[\s.-]+/g, '');
}

// A workspace's own licenses verified by hand besides the public registry's; with no workspace
// (NULL) the registry's alone. The (jurisdiction, license_number) index answers the spellings a
// board likely uses, for every look-up of a batch in one statement (one row per spelling, so each
// is an index probe); only a look-up none of them found compares the state's numbers in normalised
// form, a scan of that jurisdiction's rows. Both run as prepared statements: a look-up by number is
// the search API's most frequent call, and planning it cost more than running it.
const BY_SPELLING = `SELECT q.i AS "lookup", ${selectListOf(license, 'l')}
  FROM unnest($1::int[], $2::text[], $3::text[], $4::text[]) AS q(i, jurisdiction, spelling, workspace_id)
  JOIN license l ON l.jurisdiction = q.jurisdiction AND l.license_number = q.spelling
    AND (l.workspace_id IS NULL OR l.workspace_id = q.workspace_id)`;
const BY_NORMALISED_NUMBER = `SELECT ${selectListOf(license)} FROM license
  WHERE jurisdiction = $1 AND upper(regexp_replace(license_number, '[[:space:].-]+', '', 'g')) = $2
    AND (workspace_id IS NULL OR workspace_id = $3)`;

type Lookup = { state: StateCode; spellings: string[]; workspaceId: string | null };

/**
 * Look-ups made at once share one statement (db/batched-lookup.ts batches a turn of the event loop):
 * under load the database answers one query per round trip rather than one per call. Keyed by the
 * look-up's JSON, so equal look-ups share their rows.
 */
const spellingLookup = createBatchedLookupPer(async (db: Db, keys: string[]) => {
  const columns: [number[], string[], string[], (string | null)[]] = [[], [], [], []];
  keys.forEach((key, i) => {
    const { state, spellings, workspaceId } = JSON.parse(key) as Lookup;
    for (const spelling of spellings) {
      columns[0].push(i);
      columns[1].push(state);
      columns[2].push(spelling);
      columns[3].push(workspaceId);
    }
  });
  const rows = await queryPrepared<LicenseRow & { lookup: number }>(db, 'find-by-number', {
    text: BY_SPELLING,
    values: columns,
  });
  const found = new Map<string, LicenseRow[]>(keys.map((key) => [key, []]));
  for (const { lookup: i, ...row } of rows) found.get(keys[i] as string)?.push(row);
  return found;
});

/**
 * The licenses a jurisdiction lists under this number, exact spellings first. A number identifies
 * a license within a jurisdiction, so both license types are returned when a state's MD and DO
 * boards happen to share a number; the caller knows which type it asked about.
 */
export async function findByNumber(
  db: Db,
  { licenseNumber, state, workspaceId }: FindByNumberQuery,
): Promise<Match<LicenseRow>[]> {
  const wanted = normalizeLicenseNumber(licenseNumber);
  if (!wanted) return [];
  const typed = licenseNumber.trim();
  const lookup: Lookup = {
    state,
    spellings: [...new Set([typed, typed.toUpperCase(), wanted])],
    workspaceId: workspaceId ?? null,
  };
  let rows = (await spellingLookup(db)(JSON.stringify(lookup))) ?? [];
  if (rows.length === 0) {
    rows = await queryPrepared<LicenseRow>(db, 'find-by-normalised-number', {
      text: BY_NORMALISED_NUMBER,
      values: [state, wanted, lookup.workspaceId],
    });
  }
  return rows
    .map((row) =>
      row.licenseNumber === typed
        ? { license: row, confidence: 1, reason: 'license number' }
        : { license: row, confidence: 0.99, reason: 'license number (formatting differs)' },
    )
    .sort((a, b) => b.confidence - a.confidence || a.license.boardId.localeCompare(b.license.boardId));
}
