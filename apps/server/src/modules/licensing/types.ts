import type { LicenseStatus, LicenseType } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';

/**
 * One license as a source reports it, already mapped to our vocabulary (status, ISO dates) but
 * with names as the board spells them. The registry normalises names for matching.
 */
export type SourceRecord = {
  jurisdiction: StateCode;
  boardId: string;
  /** Null: the board licenses MDs and DOs alike and does not say which (docs/sources.md). */
  licenseType: LicenseType | null;
  /**
   * Some boards publish rows without a number; they are kept but never counted
   * (docs/product-rules.md, What is counted).
   */
  licenseNumber: string | null;
  firstName: string;
  middleName: string | null;
  lastName: string;
  suffix: string | null;
  /** The board's own status text, e.g. 'ACTIVE - PROBATION'. */
  rawStatus: string | null;
  status: LicenseStatus;
  /** ISO dates (YYYY-MM-DD). */
  issueDate: string | null;
  expiryDate: string | null;
  /** Discipline or action text when the source publishes one. */
  discipline: string | null;
};

/**
 * Board wording no vocabulary knows: a status (the row is kept as 'unknown') or a license type (the row is
 * rejected). The ingest run records each with counts and samples, never silently.
 */
export type UnknownValue = { field: 'status' | 'licenseType'; value: string };

/** A row of a bulk file that could not be read: counted, logged with its row number, skipped. */
export type RowError = { row: number; reason: string; unknown?: UnknownValue | undefined };

export type BulkFileItem =
  | { record: SourceRecord; row: number; unknown?: UnknownValue | undefined }
  | { error: RowError };

/**
 * `moved`: 404/410, or a redirect to another site where the board's answer should be; `blocked`: a CAPTCHA
 * or bot-challenge page answered instead of the board; `timeout`: no answer (or no next byte) in time.
 * `sources:probe` tells its outcomes apart by these (health/classify-probe-failure.ts).
 */
export type SourceFailureKind =
  | 'unavailable'
  | 'rate-limited'
  | 'parse-failure'
  | 'unsupported'
  | 'moved'
  | 'blocked'
  | 'timeout';
/** `url`: the address that answered last (after redirects), when it tells the operator where the board went. */
export type SourceFailure = { kind: SourceFailureKind; message: string; status?: number; url?: string };
/**
 * What a search saw besides its records, for the probe (health/probe-board.ts): rows it dropped as
 * unreadable (their reasons), and whether the board said "no results" in its own words.
 */
export type SearchNotes = { rejectedRows: string[]; saidNoResults: boolean };
export type SourceResult<T> = { ok: true; value: T; notes?: SearchNotes } | { ok: false; error: SourceFailure };

export type NameQuery = {
  firstName: string;
  middleName?: string | undefined;
  lastName: string;
  licenseType: LicenseType;
};
export type NumberQuery = { licenseNumber: string };
export type SourceQuery = NameQuery | NumberQuery;

/** Thrown out of `fetchBulkFile()` when the whole bulk file fails (not a single bad row). */
export class SourceError extends Error {
  constructor(readonly failure: SourceFailure) {
    super(failure.message);
  }
}

/** Every source kind (socrata, delimited-file, html-lookup, nppes) implements this. */
export interface LicenseSource {
  readonly boardId: string;
  /** Live look-up on the board. Never throws: failures are typed results. */
  search(query: SourceQuery): Promise<SourceResult<SourceRecord[]>>;
  /** The whole bulk file as a stream, in constant memory; absent for boards that only offer look-ups. */
  fetchBulkFile?(): AsyncIterable<BulkFileItem>;
  /** A cheap request proving the board answers. Never throws. */
  health(): Promise<SourceResult<{ latencyMs: number }>>;
}
