import {
  COMPLIANCE_LISTS,
  type ComplianceCheck,
  type ComplianceGapReason,
  type ComplianceLine,
  type ComplianceMonth,
  type ComplianceReport,
} from '@licensewatch/shared/compliance';
import { verificationDueOn } from '@licensewatch/shared/manual-verification';
import { countOf } from '@licensewatch/shared/numbers';
import { JURISDICTIONS, type StateCode, stateName } from '@licensewatch/shared/states';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { ComplianceKind, ComplianceMethod, ComplianceResult } from '../../compliance/tables.ts';
import { describeBoard } from '../../licensing/describe-board.ts';

// What Date#toISOString would print, made by PostgreSQL: 15,000 lines need no Date each.
const ISO_CHECKED_AT = sql.raw(
  `to_char(c.checked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS checked_at`,
);

const stateOrder = new Map<string, number>(JURISDICTIONS.map((j, i) => [j.code, i]));

type Entry = {
  source: string | null;
  method: ComplianceMethod | null;
  result: ComplianceResult | null;
  /** ISO 8601 in UTC, as the answer carries it (formatted by the query: no Date per line). */
  checked_at: string | null;
};
type ReportRow = Entry & {
  id: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  external_id: string | null;
  /** The exclusion list of the row: one row per report and list. */
  list: string;
};
type LicenseRow = Entry & {
  report_id: string;
  jurisdiction: StateCode;
  license_number: string;
  board_id: string;
  source_kind: string;
  unavailable: boolean;
  manual_checked_on: string | null;
};

/** The first instant of `month` (YYYY-MM) and of the month after, in UTC: the ledger's months. */
export function monthRange(month: string): { start: Date; end: Date } {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return { start: new Date(Date.UTC(year, mon - 1, 1)), end: new Date(Date.UTC(year, mon, 1)) };
}

/**
 * A workspace's monthly compliance record (docs/product-rules.md, Monthly compliance record): for
 * each report that existed by the month's end, each tracked license and each exclusion list with the
 * last check the ledger holds within the month, or the gap and why. Set-based whatever the
 * workspace's size (the budget is 10,000 licenses): one query for the reports and their lists, one
 * for the licenses, one for the ledger's head, each reading the month's lines (compliance_month_line),
 * so the cost follows the workspace's lines, not the month's entries (a 10,000-license workspace
 * checked daily appends 300,000 a month; ADR 043), never one round trip per report.
 */
export async function readComplianceMonth(
  db: Db,
  workspaceId: string,
  month: string,
  { samConfigured, now = new Date() }: { samConfigured: boolean; now?: Date },
): Promise<ComplianceMonth> {
  const { start, end } = monthRange(month);
  const from = start.toISOString();
  const until = end.toISOString();
  const monthStart = from.slice(0, 10);
  // The month's last check of a line, from the month lines the ledger's append keeps (ADR 043).
  const lastCheck = (kind: ComplianceKind, line: SQL): SQL => sql`LEFT JOIN compliance_month_line c
      ON c.workspace_id = ${workspaceId} AND c.month = ${monthStart}::date AND c.report_id = r.id
        AND c.kind = ${kind} AND c.line = ${line}`;
  const __t = performance.now();
  const timed = async <T>(name: string, p: Promise<T>) => {
    const r = await p;
    console.log(name, (performance.now() - __t).toFixed(0));
    return r;
  };
  const [reports, licenses, head] = await Promise.all([
    db.execute<ReportRow>(sql`
      SELECT r.id, r.first_name, r.middle_name, r.last_name, r.external_id, list,
        c.source, c.method, c.result, ${ISO_CHECKED_AT}
      FROM report r
      CROSS JOIN unnest(${sql.param([...COMPLIANCE_LISTS])}::text[]) AS list
      ${lastCheck('exclusion', sql`list`)}
      -- A report made after the month owed it nothing: a month before the workspace is empty.
      WHERE r.workspace_id = ${workspaceId} AND r.created_at < ${until}::timestamptz`),
    db.execute<LicenseRow>(sql`
      SELECT rl.report_id, l.jurisdiction, l.license_number, l.board_id, l.source_kind,
        coalesce(rs.status = 'unavailable' OR sh.available = false, false) AS unavailable,
        mv.checked_on AS manual_checked_on, c.source, c.method, c.result, ${ISO_CHECKED_AT}
      FROM report r
      JOIN report_license rl ON rl.report_id = r.id AND rl.hidden_at IS NULL
      JOIN license l ON l.id = rl.license_id AND l.license_number IS NOT NULL
      LEFT JOIN report_state rs ON rs.report_id = r.id AND rs.state = l.jurisdiction
      LEFT JOIN source_health sh ON sh.board_id = l.board_id
      -- A board no machine reads: its newest verification by hand by the month's end, due after a while.
      LEFT JOIN (SELECT license_id, max(checked_on)::text AS checked_on FROM manual_verification
                 WHERE workspace_id = ${workspaceId} AND checked_on < ${until.slice(0, 10)}::date
                 GROUP BY license_id) mv
        ON mv.license_id = l.id AND l.source_kind = 'manual'
      ${lastCheck('license', sql`l.jurisdiction || ':' || l.license_number`)}
      WHERE r.workspace_id = ${workspaceId} AND r.created_at < ${until}::timestamptz`),
    // The head at the month's end: the last entry of the latest month up to it (compliance_month_head).
    db.execute<{ seq: string; hash: string }>(sql`
      SELECT e.seq, e.hash FROM compliance_entry e
      WHERE e.workspace_id = ${workspaceId} AND e.seq = (
        SELECT max(last_seq) FROM compliance_month_head
        WHERE workspace_id = ${workspaceId} AND month < ${until.slice(0, 10)}::date)`),
  ]);

  // A verification by hand is overdue when it fell due before the month's last day (today's, this month).
  const lastDay = new Date(Math.min(end.getTime() - 1, now.getTime())).toISOString().slice(0, 10);
  const byId = new Map<string, ComplianceReport & { sortKey: string }>();
  for (const r of reports.rows) {
    let report = byId.get(r.id);
    if (!report) {
      report = {
        report_id: r.id,
        physician: [r.first_name, r.middle_name, r.last_name].filter(Boolean).join(' '),
        external_id: r.external_id,
        licenses: [],
        lists: COMPLIANCE_LISTS.map((list) => ({
          state: null,
          license_number: null,
          source: list,
          last_check: null,
          gap: list === 'SAM.gov' && !samConfigured ? 'sam_not_configured' : 'not_checked',
        })),
        sortKey: `${r.last_name}\u0000${r.first_name}\u0000${r.id}`.toLowerCase(),
      };
      byId.set(r.id, report);
    }
    const line = report.lists.find((l) => l.source === r.list);
    if (line && r.checked_at) Object.assign(line, { last_check: presentCheck(r), gap: null });
  }
  const held = new Map<string, { code: StateCode; line: ComplianceLine }[]>();
  for (const l of licenses.rows) {
    if (!byId.has(l.report_id)) continue;
    let gap: ComplianceGapReason | null = null;
    if (!l.checked_at) {
      if (l.unavailable) gap = 'board_unavailable';
      else if (l.source_kind === 'manual' && (!l.manual_checked_on || verificationDueOn(l.manual_checked_on) < lastDay))
        gap = 'manual_overdue';
      else gap = 'not_checked';
    }
    const line: ComplianceLine = {
      state: stateName(l.jurisdiction),
      license_number: l.license_number,
      source: describeBoard(l.board_id).name,
      last_check: l.checked_at ? presentCheck(l) : null,
      gap,
    };
    const ofReport = held.get(l.report_id) ?? [];
    ofReport.push({ code: l.jurisdiction, line });
    held.set(l.report_id, ofReport);
  }
  const out: ComplianceReport[] = [...byId.values()]
    .sort((a, b) => a.sortKey.localeCompare(b.sortKey))
    .map(({ sortKey: _, ...report }) => ({
      ...report,
      licenses: (held.get(report.report_id) ?? [])
        .sort(
          (a, b) =>
            (stateOrder.get(a.code) ?? 0) - (stateOrder.get(b.code) ?? 0) ||
            (a.line.license_number ?? '').localeCompare(b.line.license_number ?? ''),
        )
        .map((l) => l.line),
    }));

  const lines = (pick: (r: ComplianceReport) => ComplianceLine[]) => out.flatMap(pick);
  const gaps = { board_unavailable: 0, manual_overdue: 0, sam_not_configured: 0, not_checked: 0 };
  for (const line of [...lines((r) => r.licenses), ...lines((r) => r.lists)]) if (line.gap) gaps[line.gap] += 1;
  const [top] = head.rows;
  return {
    month,
    head: top ? { seq: Number(top.seq), hash: top.hash } : null,
    summary: {
      reports: out.length,
      licenses_checked: lines((r) => r.licenses).filter((l) => !l.gap).length,
      licenses_total: lines((r) => r.licenses).length,
      lists_checked: lines((r) => r.lists).filter((l) => !l.gap).length,
      lists_total: lines((r) => r.lists).length,
      gaps,
    },
    reports: out,
  };
}

/** A ledger entry's check as the record shows it: when, where, how, and what it found in words. */
function presentCheck(e: Entry): ComplianceCheck {
  const result = e.result ?? {};
  let found: string;
  if (e.method === 'list') {
    const matches = typeof result.matches === 'number' ? result.matches : 0;
    found = result.matched ? countOf(matches, 'match', 'matches') : 'no match';
  } else if (result.found === false) found = 'not found';
  else found = typeof result.status === 'string' ? result.status : 'found';
  return {
    checked_at: e.checked_at as string,
    source: e.source ?? '',
    method: e.method ?? 'list',
    result: found,
  };
}
