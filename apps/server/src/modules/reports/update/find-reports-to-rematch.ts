import type { LicenseType } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import {
  listQueryCandidateKeys,
  listRowCandidateKeys,
  mayMatchGivenName,
} from '../../licensing/list-candidate-keys.ts';
import { comparableName } from '../../licensing/score-candidate.ts';

export type ReportToCheck = {
  id: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  licenseType: LicenseType;
  states: readonly StateCode[];
  /** The registry as of which its matches were last decided; null: never (re-matched whole). */
  refreshedAt: Date | null;
};

type ChangedRow = {
  id: string;
  jurisdiction: StateCode;
  license_type: LicenseType | null;
  first_norm: string;
  last_norm: string;
  name_changed_at: Date | string;
  first_seen_at: Date | string;
  /** A row of the type spelled so was on record before every report's last refresh. */
  surname_known: boolean;
};

const time = (value: Date | string) => new Date(value).getTime();

/**
 * More renamed or new rows than this since the oldest report's last refresh (a refresh skipped for days,
 * the first refresh after a re-ingest from scratch) and every report is simply re-matched.
 */
const MAX_CHANGED_ROWS = 200_000;

/**
 * The reports whose matches a registry re-match could change: those whose names gained or changed
 * registry rows since their last refresh. A report is re-matched when
 * - it was never decided (`refreshedAt` null);
 * - one of its tracked licenses or open possible matches was renamed since (a board corrected a name);
 * - a row new or renamed since (license.name_changed_at: names, type, number) could be read by
 *   findLicenses for its name: in one of its states, of its
 *   license type, reaching its candidate keys with a given name the candidate search accepts
 *   (licensing/list-candidate-keys.ts) — or, new since, spelling its surname anywhere
 *   with no row so spelled before (which can turn on the matcher's "surname on record").
 * Everything findLicenses reads of the rows — names, jurisdictions, types — is unchanged for the
 * others (a status or an expiry is not read), so their re-match would decide what it decided last time. Not seen here: a row renamed
 * away from a name it used to compete for, and a board's share of rows printing middle names
 * (fetch-board-middle-name-rates.ts, itself sampled and cached) — docs/decisions, set-based daily refresh.
 */
export async function findReportsToRematch(db: Db, reports: readonly ReportToCheck[]): Promise<Set<string>> {
  const chosen = new Set(reports.filter((r) => r.refreshedAt === null).map((r) => r.id));
  const dated = reports.filter((r): r is ReportToCheck & { refreshedAt: Date } => r.refreshedAt !== null);
  if (dated.length === 0) return chosen;
  const since = new Date(Math.min(...dated.map((r) => r.refreshedAt.getTime())));

  const { rows: touched } = await db.execute<{ id: string }>(sql`
    SELECT r.id FROM report r
    WHERE r.id = ANY(${sql.param(dated.map((r) => r.id))}::text[])
      AND (EXISTS (
          SELECT 1 FROM report_license rl JOIN license l ON l.id = rl.license_id
          WHERE rl.report_id = r.id AND l.name_changed_at >= r.refreshed_at)
        OR EXISTS (
          SELECT 1 FROM report_candidate c JOIN license l ON l.id = c.license_id
          WHERE c.report_id = r.id AND c.status = 'open' AND l.name_changed_at >= r.refreshed_at))`);
  for (const { id } of touched) chosen.add(id);

  const { rows: changed } = await db.execute<ChangedRow>(sql`
    SELECT l.id, l.jurisdiction, l.license_type, l.first_norm, l.last_norm, l.name_changed_at, l.first_seen_at,
      EXISTS (
        SELECT 1 FROM license o
        WHERE o.last_norm = l.last_norm
          -- a board that does not say MD or DO (NULL) shares its surnames with both types
          AND (o.license_type = l.license_type OR o.license_type IS NULL OR l.license_type IS NULL)
          AND o.first_seen_at < ${since.toISOString()}::timestamptz) AS surname_known
    FROM license l
    -- a license a workspace verified by hand is matched for no report
    WHERE l.name_changed_at >= ${since.toISOString()}::timestamptz AND l.workspace_id IS NULL
    LIMIT ${MAX_CHANGED_ROWS + 1}`);
  if (changed.length > MAX_CHANGED_ROWS) return new Set(reports.map((r) => r.id));
  if (changed.length === 0) return chosen;

  const byKey = new Map<string, ChangedRow[]>();
  for (const row of changed) {
    for (const key of listRowCandidateKeys({ licenseType: row.license_type, lastNorm: row.last_norm })) {
      const list = byKey.get(key);
      if (list) list.push(row);
      else byKey.set(key, [row]);
    }
  }
  for (const report of dated) {
    if (chosen.has(report.id)) continue;
    const name = comparableName(report);
    const { surnameKeys, keys } = listQueryCandidateKeys({ name, licenseType: report.licenseType });
    const surnames = new Set(surnameKeys);
    const states = new Set<string>(report.states);
    const since = report.refreshedAt.getTime();
    const reaches = (key: string) =>
      (byKey.get(key) ?? []).some(
        (row) =>
          time(row.name_changed_at) >= since &&
          ((surnames.has(key) && !row.surname_known && time(row.first_seen_at) >= since) ||
            (states.has(row.jurisdiction) && mayMatchGivenName(name, row.first_norm))),
      );
    if (keys.some(reaches)) chosen.add(report.id);
  }
  return chosen;
}
