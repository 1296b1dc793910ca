import type { LicenseType } from '@licensewatch/shared/licenses';
import type { BoardWith } from '../config/board-config.ts';
import { HttpClient, type HttpDeps } from '../http-client.ts';
import {
  type BulkFileItem,
  type LicenseSource,
  type NameQuery,
  SourceError,
  type SourceQuery,
  type SourceRecord,
  type SourceResult,
} from '../types.ts';
import { collectDisciplineActions, type DisciplineActions, withDisciplineActions } from './join-discipline-actions.ts';
import { mergeRepeatedLicense, mergeRepeatedRecords, sameLicense } from './merge-repeated-licenses.ts';
import { type CellReader, rowFieldReader } from './read-row-fields.ts';
import {
  collectSearchRows,
  fitsLicenseType,
  type MappedRow,
  mapRow,
  type RawFields,
  type RecordMapping,
  recordMapping,
  withUnknown,
} from './record-fields.ts';
import { rowFilterMatcher, soqlFilterClause } from './row-filter.ts';
import { tallyBulkFileRows } from './tally-bulk-file-rows.ts';

export type SocrataDeps = HttpDeps & {
  /** Socrata app token (X-App-Token): raises the anonymous rate limit. */
  socrataAppToken?: string | undefined;
};

type Row = Record<string, unknown>;

// A live search should be a handful of rows; this only bounds a pathological common surname.
const MAX_SEARCH_PAGES = 5;

/** SODA 2.x JSON API: `$where`, `$limit`, `$offset`, `$order`. */
export class SocrataSource implements LicenseSource {
  readonly boardId: string;
  private readonly http: HttpClient;
  private readonly mapping: RecordMapping;
  private readonly readFields: (cell: CellReader) => RawFields;
  private readonly resourceUrl: string;
  /** The board's separate actions dataset (disciplineDataset), on the same portal. */
  private readonly actionsUrl: string | undefined;
  private readonly headers: Record<string, string>;
  private readonly keepRow: (cell: string | undefined) => boolean;
  /** The row filter as `$where`, when SoQL can say it; rows are checked on our side either way. */
  private readonly filterClause: string | undefined;

  constructor(
    private readonly board: BoardWith<'socrata'>,
    deps: SocrataDeps = {},
  ) {
    this.boardId = board.id;
    this.http = new HttpClient(board.id, board.source, deps);
    this.mapping = recordMapping(board, board.source);
    this.readFields = rowFieldReader(board.source.fieldMap, board.source);
    const portal = board.source.baseUrl.replace(/\/+$/, '');
    this.resourceUrl = `${portal}/resource/${board.source.datasetId}.json`;
    const actions = board.source.disciplineDataset;
    this.actionsUrl = actions ? `${portal}/resource/${actions.datasetId}.json` : undefined;
    this.headers = deps.socrataAppToken ? { 'x-app-token': deps.socrataAppToken } : {};
    this.keepRow = rowFilterMatcher(board.source.filter);
    this.filterClause = soqlFilterClause(board.source.filter);
  }

  async search(query: SourceQuery): Promise<SourceResult<SourceRecord[]>> {
    const f = this.board.source.fieldMap;
    if ('licenseNumber' in query) {
      // Numbers carry a per-type prefix, so no type filter is needed; other boards' rows are skipped in mapping.
      return this.searchWhere([this.filterClause, clause(f.licenseNumber, this.searchText(query.licenseNumber))]);
    }
    if (!this.board.licenseTypes.includes(query.licenseType)) return { ok: true, value: [] };
    // A dataset with one name column cannot be asked by surname with equality; its bulk file is read whole.
    if (!f.lastName || !f.firstName)
      return {
        ok: false,
        error: { kind: 'unsupported', message: `${this.boardId} publishes one name column; its list is read whole` },
      };
    const typeWhere = this.board.source.where?.[query.licenseType];
    const base = [this.filterClause, typeWhere, this.nameClause(f.lastName, query.lastName)];
    const narrow = await this.searchWhere([...base, this.nameClause(f.firstName, query.firstName)], query);
    // Equality on the first name misses nicknames and boards that put the middle name in that field;
    // the surname alone is still a small set, and the matcher decides.
    if (!narrow.ok || narrow.value.length > 0) return narrow;
    return this.searchWhere(base, query);
  }

  async *fetchBulkFile(): AsyncIterable<BulkFileItem> {
    let row = 0;
    const tally = tallyBulkFileRows(this.boardId);
    // The actions are read whole first: a bulk file read with them missing would read as "no discipline".
    const actions = await this.readActions();
    const passes = this.bulkFileFilters();
    const repeated = this.board.source.rowPerCase;
    for (const where of passes) {
      // A licence read but not yet given out: its next row may repeat it (rowPerCase).
      let held: Extract<BulkFileItem, { record: unknown }> | undefined;
      for (let offset = 0; ; ) {
        const page = await this.page(where, offset, this.board.source.pageSize);
        if (!page.ok) throw new SourceError(page.error);
        for (const raw of page.value) {
          // Another board's row in a shared dataset: not read, not counted.
          if (!this.ours(raw)) continue;
          row++;
          const mapped = this.map(raw);
          tally.note(mapped);
          if ('record' in mapped) {
            const item = { record: withDisciplineActions(mapped.record, actions), row, ...withUnknown(mapped) };
            if (!repeated) yield item;
            else if (held && sameLicense(held.record, item.record))
              held = { ...held, record: mergeRepeatedLicense(held.record, item.record) };
            else {
              if (held) yield held;
              held = item;
            }
          } else if ('reason' in mapped) yield { error: { row, reason: mapped.reason, ...withUnknown(mapped) } };
        }
        if (page.value.length < this.board.source.pageSize) break;
        offset += page.value.length;
      }
      if (held) yield held;
    }
    const filters = passes.filter((w): w is string => w !== undefined);
    tally.check(`dataset ${this.board.source.datasetId}${filters.length > 0 ? ` where ${filters.join(' or ')}` : ''}`);
  }

  async health(): Promise<SourceResult<{ latencyMs: number }>> {
    const started = performance.now();
    const page = await this.page(undefined, 0, 1);
    if (!page.ok) return page;
    return { ok: true, value: { latencyMs: Math.round(performance.now() - started) } };
  }

  /** One pass per license type when the dataset holds other professions too, else one pass; each within the row filter. */
  private bulkFileFilters(): (string | undefined)[] {
    const filters = this.board.licenseTypes.map((t: LicenseType) => this.board.source.where?.[t]);
    const passes = filters.every((w) => w !== undefined) ? [...new Set(filters)] : [undefined];
    return passes.map((w) => [this.filterClause, w].filter(Boolean).join(' AND ') || undefined);
  }

  private ours(raw: Row): boolean {
    const filter = this.board.source.filter;
    return filter === undefined || this.keepRow(text(raw[filter.column]));
  }

  private async searchWhere(clauses: (string | undefined)[], query?: NameQuery): Promise<SourceResult<SourceRecord[]>> {
    const where = clauses.filter((c): c is string => Boolean(c)).join(' AND ');
    const mapped: MappedRow[] = [];
    const limit = Math.min(this.board.source.pageSize, 1000);
    for (let page = 0, offset = 0; page < MAX_SEARCH_PAGES; page++) {
      const result = await this.page(where, offset, limit);
      if (!result.ok) return result;
      for (const raw of result.value) if (this.ours(raw)) mapped.push(this.map(raw));
      if (result.value.length < limit) break;
      offset += result.value.length;
    }
    const collected = collectSearchRows(mapped);
    if (!collected.ok) return { ok: false, error: { kind: 'parse-failure', message: collected.reason } };
    const numbers = collected.records.flatMap((r) => (r.licenseNumber === null ? [] : [r.licenseNumber]));
    const actions = await this.readActions(numbers);
    if (actions instanceof SourceError) return { ok: false, error: actions.failure };
    collected.records = collected.records.map((r) => withDisciplineActions(r, actions));
    if (this.board.source.rowPerCase) collected.records = mergeRepeatedRecords(collected.records);
    const records = query ? collected.records.filter((r) => fitsLicenseType(r, query.licenseType)) : collected.records;
    return { ok: true, value: records };
  }

  /**
   * The board's disciplinary actions (disciplineDataset): all of them for the bulk file, or those of the
   * licences a search found, one query per number (SoQL equality; a search finds a handful). None
   * configured: an empty map. A bulk-file read throws on failure; a search is answered the failure.
   */
  private async readActions(): Promise<DisciplineActions>;
  private async readActions(numbers: readonly string[]): Promise<DisciplineActions | SourceError>;
  private async readActions(numbers?: readonly string[]): Promise<DisciplineActions | SourceError> {
    const actions: DisciplineActions = new Map();
    const config = this.board.source.disciplineDataset;
    if (!config || !this.actionsUrl) return actions;
    const wheres =
      numbers === undefined ? [undefined] : [...new Set(numbers)].map((n) => clause(config.licenseNumber, n));
    for (const where of wheres) {
      for (let offset = 0; ; ) {
        const page = await this.page(where, offset, this.board.source.pageSize, this.actionsUrl);
        if (!page.ok) {
          if (numbers === undefined) throw new SourceError(page.error);
          return new SourceError(page.error);
        }
        const rows = page.value.map((raw) => Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, text(v)])));
        collectDisciplineActions(actions, rows, config, this.board.source.dateFormat);
        if (page.value.length < this.board.source.pageSize) break;
        offset += page.value.length;
      }
    }
    return actions;
  }

  private async page(
    where: string | undefined,
    offset: number,
    limit: number,
    resourceUrl = this.resourceUrl,
  ): Promise<SourceResult<Row[]>> {
    const url = new URL(resourceUrl);
    url.searchParams.set('$limit', String(limit));
    url.searchParams.set('$offset', String(offset));
    url.searchParams.set('$order', this.board.source.order);
    if (where) url.searchParams.set('$where', where);
    const result = await this.http.json(url.toString(), { headers: this.headers });
    if (!result.ok) return result;
    if (!Array.isArray(result.value) || !result.value.every(isRow))
      return {
        ok: false,
        error: { kind: 'parse-failure', message: `${url.host} did not answer a JSON array of rows` },
      };
    return { ok: true, value: result.value };
  }

  private map(raw: Row): MappedRow {
    return mapRow(
      this.readFields((field) => text(raw[field])),
      this.mapping,
    );
  }

  /** `field = value` as the dataset compares names (searchCase): upper case, case-insensitive, or as typed. */
  private nameClause(field: string, value: string): string {
    const trimmed = value.trim();
    switch (this.board.source.searchCase) {
      case 'upper':
        return clause(field, trimmed.toUpperCase());
      case 'insensitive':
        return `upper(${field})='${trimmed.toUpperCase().replaceAll("'", "''")}'`;
      case 'as-given':
        return clause(field, trimmed);
    }
  }

  private searchText(value: string): string {
    const trimmed = value.trim();
    return this.board.source.searchCase === 'as-given' ? trimmed : trimmed.toUpperCase();
  }
}

/** SoQL string literal: single quotes are escaped by doubling them. */
function clause(field: string, value: string): string {
  return `${field}='${value.replaceAll("'", "''")}'`;
}

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// SODA answers text for every column, but be lenient with numbers and booleans from other portals.
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}
