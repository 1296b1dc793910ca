import {
  EXCLUSION_SOURCE_NAMES,
  type ExclusionMatch,
  type ExclusionMatchBasis,
  type ExclusionMatchStatus,
  type ExclusionSource,
  type ExclusionStatus,
  exclusionTypeLabel,
} from '@licensewatch/shared/exclusions';

/**
 * The columns of an `exclusion` row (aliased `alias`) a match shows as its evidence. SAM entries
 * carry the excluding program and agency where the LEIE has the specialty.
 */
export const entryColumns = (alias: string) =>
  `${alias}.source, ${alias}.first_name, ${alias}.middle_name, ${alias}.last_name, ${alias}.business_name, ${alias}.npi,
   CASE ${alias}.source WHEN 'sam' THEN ${alias}.general ELSE ${alias}.specialty END AS specialty,
   ${alias}.city, ${alias}.state, ${alias}.excl_type,
   to_char(${alias}.excl_date, 'YYYY-MM-DD') AS excl_date, to_char(${alias}.rein_date, 'YYYY-MM-DD') AS rein_date,
   (${alias}.listed AND ${alias}.rein_date IS NULL) AS in_force`;

export type EntryRow = {
  source: ExclusionSource;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  business_name: string | null;
  npi: string | null;
  specialty: string | null;
  city: string | null;
  state: string | null;
  excl_type: string;
  excl_date: string | null;
  rein_date: string | null;
  /** Listed and not reinstated: the exclusion stands. */
  in_force: boolean;
};

export type MatchRow = EntryRow & {
  id: string;
  basis: ExclusionMatchBasis;
  status: ExclusionMatchStatus;
  decided_by: string | null;
  decided_at: Date | null;
};

export function presentExclusionMatch(m: MatchRow): ExclusionMatch {
  return {
    id: m.id,
    source: EXCLUSION_SOURCE_NAMES[m.source],
    basis: m.basis,
    status: m.status,
    name: m.business_name ?? [m.first_name, m.middle_name, m.last_name].filter(Boolean).join(' '),
    npi: m.npi,
    specialty: m.specialty,
    city: m.city,
    state: m.state,
    excluded_on: m.excl_date,
    reinstated_on: m.rein_date,
    type: m.excl_type,
    type_label: exclusionTypeLabel(m.excl_type),
    decided_by: m.decided_by,
    decided_at: m.decided_at?.toISOString() ?? null,
  };
}

/** Excluded on a confirmed match in force, else possible on an undecided one, else `otherwise`. */
export function exclusionStanding(
  matches: readonly Pick<MatchRow, 'status' | 'in_force'>[],
  otherwise: ExclusionStatus,
): ExclusionStatus {
  if (matches.some((m) => m.status === 'confirmed' && m.in_force)) return 'excluded';
  if (matches.some((m) => m.status === 'possible' && m.in_force)) return 'possible_match';
  return otherwise;
}
