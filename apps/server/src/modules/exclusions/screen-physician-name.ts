import type { ReportExclusions } from '@licensewatch/shared/exclusions';
import type { StateCode } from '@licensewatch/shared/states';
import type pg from 'pg';
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

/** A found entry, or (its columns null) only the LEIE's last read when nothing matched. */
type Row = Omit<MatchRow, 'id'> & { id: string | null; leie_read_at: Date | null };

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
  const first = normalizeNamePart(physician.firstName);
  const middle = normalizeNamePart(physician.middleName);
  const last = normalizeNamePart(physician.lastName);
  const { rows } = await pool.query<Row>(
    `WITH read AS (
       SELECT max(finished_at) AS at FROM exclusion_ingest_run
       WHERE source = 'leie' AND file_kind = 'full' AND status IN ('succeeded', 'warned')
     ), found AS (
       SELECT e.*, 'npi' AS basis FROM exclusion e WHERE $1::text IS NOT NULL AND e.npi = $1
       UNION ALL
       SELECT e.*, 'name' FROM exclusion e
       WHERE e.last_norm = $4 AND e.first_norm = $2 AND $2 <> '' AND $4 <> ''
         AND (e.npi IS NULL OR $1::text IS NULL)
         AND e.state = ANY($5::text[])
         AND (e.middle_norm = '' OR $3 = '' OR left(e.middle_norm, 1) = left($3, 1))
     )
     SELECT read.at AS leie_read_at, f.id, f.basis,
            CASE f.basis WHEN 'npi' THEN 'confirmed' ELSE 'possible' END AS status,
            NULL AS decided_by, NULL::timestamptz AS decided_at, ${entryColumns('f')}
     FROM read LEFT JOIN found f ON true
     ORDER BY f.excl_date DESC NULLS LAST`,
    [npi, first, middle, last, physician.states],
  );
  const leieReadAt = rows[0]?.leie_read_at ?? null;
  const matches = rows.filter((r): r is MatchRow & Row => r.id !== null);
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
