import type { StateCode } from '@licensewatch/shared/states';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
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
  const visible = (
    workspaceId === undefined
      ? isNull(license.workspaceId)
      : or(isNull(license.workspaceId), eq(license.workspaceId, workspaceId))
  ) as SQL;
  const typed = licenseNumber.trim();
  // The (jurisdiction, license_number) index answers the spellings a board likely uses; only
  // when none is on record are the state's numbers compared in normalised form, a scan of that
  // jurisdiction's rows.
  const spellings = [...new Set([typed, typed.toUpperCase(), wanted])];
  let rows = await db
    .select()
    .from(license)
    .where(and(eq(license.jurisdiction, state), inArray(license.licenseNumber, spellings), visible));
  if (rows.length === 0) {
    rows = await db
      .select()
      .from(license)
      .where(
        and(
          eq(license.jurisdiction, state),
          visible,
          sql`upper(regexp_replace(${license.licenseNumber}, '[[:space:].-]+', '', 'g')) = ${wanted}`,
        ),
      );
  }
  return rows
    .map((row) =>
      row.licenseNumber === typed
        ? { license: row, confidence: 1, reason: 'license number' }
        : { license: row, confidence: 0.99, reason: 'license number (formatting differs)' },
    )
    .sort((a, b) => b.confidence - a.confidence || a.license.boardId.localeCompare(b.license.boardId));
}
