import type { ProbeOutcome } from '@licensewatch/shared/license-sources';
import type { LicenseType } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import { chooseProbeName, type ProbeName } from '../config/choose-probe-name.ts';
import { describeSourceFailure } from '../describe-source-failure.ts';
import type { LicenseBoard, LicenseSources } from '../license-sources.ts';
import { type LicenseSource, SourceError, type SourceRecord, type SourceResult } from '../types.ts';
import { checkProbeRecords } from './check-probe-records.ts';
import { classifyProbeFailure } from './classify-probe-failure.ts';

export type ProbeOptions = {
  /** The name to ask every look-up board this run (`--name`), instead of each board's own. */
  name?: ProbeName | undefined;
  /** No answer within this: slow (a board is someone else's server: we wait, then say so). */
  timeLimitMs?: number;
  /** An answer slower than this is slow too: a report's live look-up asks the same pages while someone waits. */
  slowMs?: number;
  /** How many rows of a bulk board's file are read and checked, from its first. */
  bulkFileRows?: number;
};

export type BoardProbe = {
  boardId: string;
  jurisdiction: StateCode;
  /**
   * null: nothing could be checked — the board answered its own "nothing found" page for the probe
   * name, which proves the page but not its fields. Not stored: neither a pass nor a failure.
   */
  outcome: ProbeOutcome | null;
  latencyMs: number;
  /** What was asked: `Smith (MD)`, or `the first 50 rows of the bulk file`. */
  asked: string;
  /** Rows read (records and unreadable rows). */
  rows: number;
  /** Why the probe did not pass, one line each; empty when it passed. */
  failures: string[];
  /** The board's own gaps on fewer rows than fail a field: shown, not failed. */
  gaps: string[];
};

export const PROBE_TIME_LIMIT_MS = 120_000;
export const PROBE_SLOW_MS = 20_000;
export const PROBE_BULK_FILE_ROWS = 50;

type Read = SourceResult<readonly SourceRecord[]>;

/**
 * Asks one board a machine reads, through its own connector, for what a report would ask it
 * (docs/license-engine.md, Probing the boards): a look-up board is searched for the probe name
 * (`search()`, as a report's look-up), the first rows of a bulk board's file are read (what the
 * nightly ingest reads; its name search is used by nothing). The answer is checked field by field,
 * and a failure is told apart by what the HTTP layer and the source saw.
 */
export async function probeBoard(
  sources: LicenseSources,
  board: LicenseBoard,
  {
    name,
    timeLimitMs = PROBE_TIME_LIMIT_MS,
    slowMs = PROBE_SLOW_MS,
    bulkFileRows = PROBE_BULK_FILE_ROWS,
  }: ProbeOptions = {},
): Promise<BoardProbe> {
  const source = sources.sourceFor(board.id);
  const fromBulkFile = board.method === 'bulk' && source.fetchBulkFile !== undefined;
  const probeName = name ?? chooseProbeName(board.jurisdiction, board.probe);
  const licenseType: LicenseType = board.licenseTypes.includes('MD') ? 'MD' : 'DO';
  const asked = fromBulkFile
    ? `the first ${bulkFileRows} rows of the bulk file`
    : `${probeName.firstName ? `${probeName.lastName}, ${probeName.firstName}` : probeName.lastName} (${licenseType})`;

  const started = performance.now();
  const answer = await withinTimeLimit(
    fromBulkFile
      ? readBulkFileRows(source, bulkFileRows)
      : source.search({ lastName: probeName.lastName, firstName: probeName.firstName ?? '', licenseType }),
    timeLimitMs,
  );
  const latencyMs = Math.round(performance.now() - started);
  const result = (outcome: ProbeOutcome | null, failures: string[], rows = 0, gaps: string[] = []): BoardProbe => ({
    boardId: board.id,
    jurisdiction: board.jurisdiction,
    outcome,
    latencyMs,
    asked,
    rows,
    failures,
    gaps,
  });

  if (!answer.ok) return result(classifyProbeFailure(answer.error), [describeSourceFailure(answer.error)]);
  const check = checkProbeRecords(board, answer.value, answer.notes?.rejectedRows ?? []);
  if (check.rows === 0) {
    if (answer.notes?.saidNoResults)
      return result(null, [
        `the board answered its no-results page for ${asked}: no field could be checked; give this board a probe name it lists (probe.lastName in its configuration, or --name)`,
      ]);
    return result('changed', [
      fromBulkFile
        ? "the bulk file's first rows hold none of this board's licenses"
        : `no rows for ${asked}, and no no-results marker to say the board found nobody: a page that changed reads the same`,
    ]);
  }
  const slow = latencyMs > slowMs ? [`answered in ${seconds(latencyMs)}, over the ${seconds(slowMs)} limit`] : [];
  if (check.failures.length > 0) return result('changed', [...check.failures, ...slow], check.rows, check.gaps);
  if (slow.length > 0) return result('slow', slow, check.rows, check.gaps);
  return result('ok', [], check.rows, check.gaps);
}

/** A bulk board's first rows, read as the ingest reads them; the rest of the download is left unread. */
async function readBulkFileRows(source: LicenseSource, limit: number): Promise<Read> {
  const records: SourceRecord[] = [];
  const rejectedRows: string[] = [];
  try {
    for await (const item of source.fetchBulkFile?.() ?? []) {
      if ('record' in item) records.push(item.record);
      else rejectedRows.push(item.error.reason);
      if (records.length + rejectedRows.length >= limit) break;
    }
  } catch (error) {
    if (error instanceof SourceError) return { ok: false, error: error.failure };
    return {
      ok: false,
      error: { kind: 'unavailable', message: error instanceof Error ? error.message : String(error) },
    };
  }
  return { ok: true, value: records, notes: { rejectedRows, saidNoResults: false } };
}

// A connector promises to end by itself (its own timeouts and retries), but the probe's limit is the
// operator's: past it the board is slow, whatever the connector is still waiting for.
async function withinTimeLimit(read: Promise<Read>, timeLimitMs: number): Promise<Read> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<Read>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, error: { kind: 'timeout', message: `no answer within ${seconds(timeLimitMs)}` } }),
      timeLimitMs,
    );
  });
  try {
    return await Promise.race([
      read.catch(
        (error: unknown): Read => ({
          ok: false,
          error: { kind: 'unavailable', message: error instanceof Error ? error.message : String(error) },
        }),
      ),
      limit,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}
