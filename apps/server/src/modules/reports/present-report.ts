import { reportStatusText } from '@licensewatch/shared/licenses';
import { verificationDueOn } from '@licensewatch/shared/manual-verification';
import type { BulkCreateReportsResponse } from '@licensewatch/shared/report-monitoring';
import type {
  LicenseHistory,
  Report,
  ReportCandidate,
  ReportLicense,
  ReportStates,
  UpdateStatus,
} from '@licensewatch/shared/reports';
import { stateName } from '@licensewatch/shared/states';
import { describeLicenseSource } from '../licensing/describe-board.ts';
import type { ReportCandidateRow } from './candidates/list-report-candidates.ts';
import type { BulkRowResult } from './create-reports-in-bulk.ts';
import type { LicenseHistoryRow } from './get-license-history.ts';
import type { ReportUpdateStatus } from './get-report-update-status.ts';
import type { ReportLicenseRow } from './list-report-licenses.ts';
import type { ReportStateRow } from './list-report-states.ts';
import type { ReportSummary } from './list-reports.ts';
import { utcToday } from './recount-reports.ts';

/** The API's snake_case fields; `update_excuted_date` keeps its misspelling (docs/product-rules.md, Reading reports). */
export function presentReport(r: ReportSummary): Report {
  return {
    id: r.id,
    name: r.name,
    first_name: r.firstName,
    middle_name: r.middleName,
    last_name: r.lastName,
    license_type: r.licenseType,
    created_at: r.createdAt.toISOString(),
    total_license: r.counts.total,
    active_license: r.counts.active,
    expiring_license: r.counts.expiring,
    expiring_within_days: r.expiringWithinDays,
    expired_license: r.counts.expired,
    needs_attention_license: r.counts.needsAttention,
    attention: {
      excluded: r.attention.excluded,
      exclusion_reviews: r.attention.exclusionReviews,
      licenses: r.counts.needsAttention,
      matches: r.attention.matches,
      verifications_due: r.attention.verificationsDue,
    },
    needs_attention:
      Number(r.attention.excluded) +
      r.attention.exclusionReviews +
      r.counts.needsAttention +
      r.attention.matches +
      r.attention.verificationsDue,
    update_excuted_date: r.updateExecutedAt?.toISOString() ?? null,
    google_sheet_url: r.googleSheetUrl,
    airtable_base_url: r.airtableBaseUrl,
    states: r.states.map(stateName),
    untracked_over_limit: r.untrackedOverLimit,
    npi: r.npi,
    external_id: r.externalId,
    check_interval: r.checkInterval,
    last_checked_at: r.lastCheckedAt?.toISOString() ?? null,
    next_check_at: r.nextCheckAt?.toISOString() ?? null,
  };
}

export function presentReportLicense(l: ReportLicenseRow): ReportLicense {
  return {
    id: l.id,
    license_number: l.licenseNumber,
    state: stateName(l.state),
    issued: l.issueDate,
    expired: l.expiryDate,
    updated_at: l.updatedAt.toISOString(),
    status: reportStatusText(l.standing, l.boardStatus),
    standing: l.standing,
    board_status: l.boardStatus,
    board_status_text: l.rawStatus,
    license_type: l.licenseType,
    name_on_license: l.nameOnLicense,
    discipline: l.discipline,
    days_to_expiry: l.daysToExpiry,
    source: describeLicenseSource(l),
    verified_at: l.lastSeenAt.toISOString(),
    verified_by_hand: l.verifiedByHand && presentVerifiedByHand(l.verifiedByHand),
  };
}

/** Due on the day MANUAL_VERIFICATION_VALID_DAYS after the check, judged on UTC's today as counts are. */
function presentVerifiedByHand(v: { checkedOn: string; verifiedBy: string }): ReportLicense['verified_by_hand'] {
  const dueOn = verificationDueOn(v.checkedOn);
  return { checked_on: v.checkedOn, verified_by: v.verifiedBy, due_on: dueOn, due: dueOn <= utcToday() };
}

export function presentUpdateStatus(s: ReportUpdateStatus): UpdateStatus {
  return { is_completed: s.isCompleted, progress: s.progress, unavailable_states: s.unavailableStates.map(stateName) };
}

export function presentReportStates(rows: ReportStateRow[]): ReportStates {
  return {
    states: rows.map((row) => ({
      state: stateName(row.state),
      outcome: row.outcome,
      licenses: row.licenses,
      hidden: row.hidden,
      to_review: row.toReview,
      checked_at: row.checkedAt?.toISOString() ?? null,
      retry_at: row.retryAt?.toISOString() ?? null,
      board: row.board && {
        board_id: row.board.boardId,
        name: row.board.name,
        method: row.board.method,
        detail: row.board.methodDetail,
        lookup_url: row.board.lookupUrl,
      },
      verification_due_on: row.verificationDueOn,
    })),
  };
}

export function presentLicenseHistory(h: LicenseHistoryRow): LicenseHistory {
  return {
    id: h.id,
    license_number: h.licenseNumber,
    state: stateName(h.state),
    first_seen_at: h.firstSeenAt.toISOString(),
    events: h.events.map((e) => ({
      kind: e.kind,
      before: e.before,
      after: e.after,
      occurred_at: e.occurredAt.toISOString(),
      source: e.source,
    })),
  };
}

export function presentReportCandidate(c: ReportCandidateRow): ReportCandidate {
  return {
    id: c.id,
    state: stateName(c.state),
    license_number: c.licenseNumber,
    license_type: c.licenseType,
    name_on_license: c.nameOnLicense,
    board_status: c.boardStatus,
    board_status_text: c.rawStatus,
    issued: c.issueDate,
    expires: c.expiryDate,
    kind: c.kind,
    why: c.why,
    confidence: c.confidence,
  };
}

/** A bulk create's rows as the API answers them, with how many went each way. */
export function presentBulkCreate(results: readonly BulkRowResult[]): BulkCreateReportsResponse {
  const count = (outcome: BulkRowResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
  return {
    results: results.map((r) => ({
      index: r.index,
      outcome: r.outcome,
      external_id: r.externalId,
      report: r.report && presentReport(r.report),
      error: r.error,
    })),
    created: count('created'),
    existing: count('existing'),
    failed: count('failed'),
  };
}
