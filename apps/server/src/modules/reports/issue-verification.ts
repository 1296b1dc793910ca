import { createHash } from 'node:crypto';
import type { LicenseStatus, LicenseType } from '@licensewatch/shared/licenses';
import { MESSAGES } from '@licensewatch/shared/messages';
import type { Verification, VerifiedLicense } from '@licensewatch/shared/reports';
import { JURISDICTIONS, type StateCode, stateName } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import type { Platform } from '../../platform/deps.ts';
import { licenseSourceMode } from '../../platform/env.ts';
import { AppError } from '../../platform/errors.ts';
import { consumeRateLimit } from '../../platform/security/consume-rate-limit.ts';
import type { ExclusionSources } from '../exclusions/exclusion-sources.ts';
import { readReportExclusions } from '../exclusions/read-report-exclusions.ts';
import { describeLicenseSource } from '../licensing/describe-board.ts';
import { getReport } from './get-report.ts';
import { licenseVerification } from './tables.ts';
import { RATE_LIMITS } from './verification/rate-limits.ts';
import { newVerificationId } from './verification/verification-id.ts';

const stateOrder = new Map<string, number>(JURISDICTIONS.map((j, i) => [j.code, i]));

type LicenseRow = {
  license_id: string;
  license_number: string;
  jurisdiction: StateCode;
  board_id: string;
  source_kind: string;
  license_type: LicenseType;
  name_on_license: string;
  status: LicenseStatus;
  raw_status: string | null;
  issue_date: string | null;
  expiry_date: string | null;
  discipline: string | null;
  last_seen_at: string | Date;
  checked_on: string | null;
  verified_by_name: string | null;
};

/** The snapshot's text: what is hashed, stored and served is this exact string. */
export function snapshotJson(v: Verification): string {
  const { sha256: _, ...content } = v;
  return JSON.stringify(content);
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Issues a verification of one of the workspace's reports, by `userId` (who asked, and whose limit it
 * counts against): all its tracked licenses (not hidden, with
 * a number — what the report page lists), or only `reportLicenseId`. The licenses are read as
 * the registry holds them now, and the snapshot (with the board each came from and when the
 * registry last read it from there: `license.last_seen_at`) is stored with its SHA-256, so the
 * public page can confirm later what the document said. Another user's report or license
 * answers 404 like a missing one. Like the CSV export it needs no active plan.
 */
export async function issueVerification(
  ctx: Pick<Platform, 'db' | 'env' | 'pool'> & { exclusions?: ExclusionSources | undefined },
  { userId, workspaceId }: { userId: string; workspaceId: string },
  reportId: string,
  reportLicenseId?: string,
): Promise<Verification> {
  const { db } = ctx;
  const report = await getReport(db, workspaceId, reportId);
  await consumeRateLimit(db, `verification-issue:user:${userId}`, RATE_LIMITS.issuePerUser);
  const { rows } = await db.execute<LicenseRow>(sql`
    SELECT l.id AS license_id, l.license_number, l.jurisdiction, l.board_id, l.source_kind,
      coalesce(l.license_type, r.license_type) AS license_type,
      concat_ws(' ', l.first_name, l.middle_name, l.last_name, l.suffix) AS name_on_license,
      l.status, l.raw_status, l.issue_date::text AS issue_date, l.expiry_date::text AS expiry_date,
      l.discipline, l.last_seen_at, mv.checked_on, mv.verified_by_name
    FROM report_license rl
    JOIN report r ON r.id = rl.report_id
    JOIN license l ON l.id = rl.license_id
    -- A license verified by hand: the newest check, the one its data is.
    LEFT JOIN LATERAL (
      SELECT v.checked_on::text AS checked_on, v.verified_by_name FROM manual_verification v
      WHERE v.license_id = l.id ORDER BY v.checked_on DESC, v.recorded_at DESC LIMIT 1
    ) mv ON l.source_kind = 'manual'
    WHERE rl.report_id = ${reportId} AND rl.hidden_at IS NULL AND l.license_number IS NOT NULL
      ${reportLicenseId === undefined ? sql`` : sql`AND rl.id = ${reportLicenseId}`}`);
  if (reportLicenseId !== undefined && rows.length === 0) throw AppError.notFound(MESSAGES.reports.licenseNotFound);
  rows.sort(
    (a, b) =>
      (stateOrder.get(a.jurisdiction) ?? 0) - (stateOrder.get(b.jurisdiction) ?? 0) ||
      a.license_number.localeCompare(b.license_number),
  );

  const standing = (
    await readReportExclusions(ctx.pool, [reportId], { samConfigured: Boolean(ctx.exclusions?.sam) })
  ).get(reportId);
  const issuedAt = new Date();
  const verification: Verification = {
    id: newVerificationId(),
    issued_at: issuedAt.toISOString(),
    scope: reportLicenseId === undefined ? 'report' : 'license',
    physician: {
      name: [report.firstName, report.middleName, report.lastName].filter(Boolean).join(' '),
      license_type: report.licenseType,
    },
    licenses: rows.map(presentLicense),
    ...(standing
      ? {
          exclusions: {
            status: standing.status,
            sources: standing.sources,
            // A dismissed entry is not this physician's: it has no place on their document.
            matches: standing.matches
              .filter((m) => m.status !== 'dismissed')
              .map(({ source, basis, status, name, npi, state, excluded_on, reinstated_on, type_label }) => ({
                source,
                basis,
                status,
                name,
                npi,
                state,
                excluded_on,
                reinstated_on,
                type_label,
              })),
          },
        }
      : {}),
    // Development and tests read the board simulator: a document must never pass that off as a board's word.
    simulated: licenseSourceMode(ctx.env) === 'simulator',
    sha256: '',
  };
  const snapshot = snapshotJson(verification);
  verification.sha256 = sha256Hex(snapshot);
  await db.insert(licenseVerification).values({
    id: verification.id,
    reportId,
    userId,
    licenseIds: rows.map((r) => r.license_id),
    snapshot,
    sha256: verification.sha256,
    issuedAt,
  });
  return verification;
}

function presentLicense(r: LicenseRow): VerifiedLicense {
  return {
    name_on_license: r.name_on_license,
    license_type: r.license_type,
    state: stateName(r.jurisdiction),
    license_number: r.license_number,
    status: r.status,
    board_status_text: r.raw_status,
    issued: r.issue_date,
    expires: r.expiry_date,
    discipline: r.discipline,
    source: describeLicenseSource({ boardId: r.board_id, sourceKind: r.source_kind }),
    retrieved_at: new Date(r.last_seen_at).toISOString(),
    ...(r.checked_on !== null
      ? { verified_by_hand: { checked_on: r.checked_on, verified_by: r.verified_by_name ?? '' } }
      : {}),
  };
}
