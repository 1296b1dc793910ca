import type { ExclusionMatchBasis, ReportExclusions } from '@licensewatch/shared/exclusions';
import { EXCLUSION_SOURCE_NAMES, type ExclusionSource, exclusionTypeLabel } from '@licensewatch/shared/exclusions';
import type { StateCode } from '@licensewatch/shared/states';
import type pg from 'pg';
import { normalizeNamePart } from '../licensing/matching/normalize-name.ts';

export type PhysicianToScreen = {
  firstName: string;
  middleName?: string | null | undefined;
  lastName: string;
  /** Where the physician is licensed or asked about: a name matches only an entry in one of them. */
  states: readonly StateCode[];
  npi?: string | null | undefined;
};

type Row = {
  id: string;
  source: ExclusionSource;
  basis: ExclusionMatchBasis;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  npi: string | null;
  specialty: string | null;
  city: string | null;
  state: string | null;
  excl_type: string;
  excl_date: string | null;
  rein_date: string | null;
  in_force: boolean;
  leie_read_at: Date | null;
};

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
     SELECT read.at AS leie_read_at, f.id, f.source, f.basis, f.first_name, f.middle_name, f.last_name, f.npi,
            CASE f.source WHEN 'sam' THEN f.general ELSE f.specialty END AS specialty, f.city, f.state, f.excl_type,
            to_char(f.excl_date, 'YYYY-MM-DD') AS excl_date, to_char(f.rein_date, 'YYYY-MM-DD') AS rein_date,
            (f.listed AND f.rein_date IS NULL) AS in_force
     FROM read LEFT JOIN found f ON true
     ORDER BY f.excl_date DESC NULLS LAST`,
    [npi, first, middle, last, physician.states],
  );
  const leieReadAt = rows[0]?.leie_read_at ?? null;
  const matches = rows
    .filter((r) => r.id !== null)
    .map((r) => ({
      id: r.id,
      source: EXCLUSION_SOURCE_NAMES[r.source] as 'LEIE' | 'SAM',
      basis: r.basis,
      status: r.basis === 'npi' ? ('confirmed' as const) : ('possible' as const),
      name: [r.first_name, r.middle_name, r.last_name].filter(Boolean).join(' '),
      npi: r.npi,
      specialty: r.specialty,
      city: r.city,
      state: r.state,
      excluded_on: r.excl_date,
      reinstated_on: r.rein_date,
      type: r.excl_type,
      type_label: exclusionTypeLabel(r.excl_type),
      decided_by: null,
      decided_at: null,
      inForce: r.in_force,
    }));
  let status: ReportExclusions['status'] = 'not_excluded';
  if (matches.some((m) => m.status === 'confirmed' && m.inForce)) status = 'excluded';
  else if (matches.some((m) => m.status === 'possible' && m.inForce)) status = 'possible_match';
  else if (!leieReadAt || (!npi && physician.states.length === 0)) status = 'not_checked';
  return {
    status,
    sources: [
      { name: 'LEIE', state: leieReadAt ? 'checked' : 'never', checked_at: leieReadAt?.toISOString() ?? null },
      { name: 'SAM', state: samConfigured ? 'never' : 'not_configured', checked_at: null },
    ],
    matches: matches.map(({ inForce: _, ...m }) => m),
  };
}
