import type { ReportExclusions } from '@licensewatch/shared/exclusions';
import type { StateCode } from '@licensewatch/shared/states';
import type pg from 'pg';
import { createBatchedLookupPer } from '../../platform/db/batched-lookup.ts';
import { queryPrepared } from '../../platform/db/query-prepared.ts';
import { normalizeNamePart } from '../licensing/normalize-name.ts';
import { entryColumns, exclusionStanding, type MatchRow, presentExclusionMatch } from './present-exclusion-match.ts';

export type PhysicianToScreen = {
  firstName: string;
  middleName?: string | null | undefined;
  lastName: string;
  /** Where the physician is licensed or asked about: a name matches only an entry in one of them. */
  states: readonly StateCode[];
  npi?: string | null | undefined;
};

/**
 * Whom a license found by its number belongs to, for the check: the name on it in its state; with
 * no license found, nobody (the check is then `not_checked`).
 */
export function holderOfLicense(
  license: { firstName: string; middleName: string | null; lastName: string; jurisdiction: StateCode } | undefined,
): PhysicianToScreen {
  if (!license) return { firstName: '', lastName: '', states: [] };
  const { firstName, middleName, lastName, jurisdiction } = license;
  return { firstName, middleName, lastName, states: [jurisdiction] };
}

/** A found entry of one screening, or (its columns null) only the LEIE's last read when nothing matched. */
type Row = Omit<MatchRow, 'id'> & { screening: number | null; id: string | null; leie_read_at: Date | null };

/** Screenings in one statement, one row of `q` each: states comma-joined (a state code has no comma). */
const SCREEN_NAMES = `WITH read AS (
     SELECT max(finished_at) AS at FROM exclusion_ingest_run
     WHERE source = 'leie' AND file_kind = 'full' AND status IN ('succeeded', 'warned')
   ), q AS (
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
       AS q(i, npi, first, middle, last, states)
   ), found AS (
     SELECT q.i, e.*, 'npi' AS basis FROM q JOIN exclusion e ON e.npi = q.npi AND e.npi IS NOT NULL
     UNION ALL
     SELECT q.i, e.*, 'name' FROM q JOIN exclusion e ON e.last_norm = q.last AND e.first_norm = q.first
     WHERE q.first <> '' AND q.last <> '' AND (e.npi IS NULL OR q.npi IS NULL)
       AND e.state = ANY(string_to_array(q.states, ','))
       AND (e.middle_norm = '' OR q.middle = '' OR left(e.middle_norm, 1) = left(q.middle, 1))
   )
   SELECT read.at AS leie_read_at, f.i AS screening, f.id, f.basis,
          CASE f.basis WHEN 'npi' THEN 'confirmed' ELSE 'possible' END AS status,
          NULL AS decided_by, NULL::timestamptz AS decided_at, ${entryColumns('f')}
   FROM read LEFT JOIN found f ON true
   ORDER BY f.excl_date DESC NULLS LAST`;

type Screening = { npi: string | null; first: string; middle: string; last: string; states: string };
type Screened = { leieReadAt: Date | null; matches: MatchRow[] };

/**
 * Screenings made at once share one statement (db/batched-lookup.ts batches a turn of the event loop):
 * the search API screens on every call, so under load the database answers one query per round
 * trip rather than one per call. Prepared, since planning it cost more than running it.
 */
const batchedScreening = createBatchedLookupPer(async (pool: pg.Pool, keys: string[]) => {
  const asked = keys.map((key) => JSON.parse(key) as Screening);
  const rows = await queryPrepared<Row>(pool, 'screen-physician-names', {
    text: SCREEN_NAMES,
    values: [
      asked.map((_, i) => i),
      asked.map((s) => s.npi),
      asked.map((s) => s.first),
      asked.map((s) => s.middle),
      asked.map((s) => s.last),
      asked.map((s) => s.states),
    ],
  });
  const leieReadAt = rows[0]?.leie_read_at ?? null;
  const screened = new Map<string, Screened>(keys.map((key) => [key, { leieReadAt, matches: [] }]));
  for (const { screening, leie_read_at: _, ...row } of rows) {
    if (screening !== null && row.id !== null) screened.get(keys[screening] as string)?.matches.push(row as MatchRow);
  }
  return screened;
});

/**
 * The search API's exclusion check of the physician it answers about, with the screening's rule
 * (screen-exclusions.ts) in one indexed query: an equal NPI confirms; the same name in one of
 * `states`, without two different NPIs, is only a possible match. With neither an NPI nor a
 * state nothing can be matched, so the answer is `not_checked`, never "not excluded". SAM is
 * consulted only through the records reports' checks stored: a search does not spend the quota.
 */
export async function screenPhysicianName(
  pool: pg.Pool,
  physician: PhysicianToScreen,
  { samConfigured }: { samConfigured: boolean },
): Promise<ReportExclusions> {
  const npi = physician.npi || null;
  const screening: Screening = {
    npi,
    first: normalizeNamePart(physician.firstName),
    middle: normalizeNamePart(physician.middleName),
    last: normalizeNamePart(physician.lastName),
    states: physician.states.join(','),
  };
  const { leieReadAt, matches } = (await batchedScreening(pool)(JSON.stringify(screening))) ?? {
    leieReadAt: null,
    matches: [],
  };
  const uncheckable = !leieReadAt || (!npi && physician.states.length === 0);
  return {
    status: exclusionStanding(matches, uncheckable ? 'not_checked' : 'not_excluded'),
    sources: [
      { name: 'LEIE', state: leieReadAt ? 'checked' : 'never', checked_at: leieReadAt?.toISOString() ?? null },
      { name: 'SAM', state: samConfigured ? 'never' : 'not_configured', checked_at: null },
    ],
    matches: matches.map(presentExclusionMatch),
  };
}
