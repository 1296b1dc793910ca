import type { LicenseType } from '@licensewatch/shared/licenses';
import type { BoardWith } from '../config/board-config.ts';
import {
  type LicenseSource,
  type NameQuery,
  type RosterItem,
  SourceError,
  type SourceQuery,
  type SourceRecord,
  type SourceResult,
} from '../types.ts';
import { HttpClient, type HttpDeps } from './http-client.ts';
import {
  collectSearchRows,
  type MappedRow,
  mapRow,
  type RecordMapping,
  recordMapping,
  withUnknown,
} from './record-fields.ts';
import { rowFilterMatcher, soqlFilterClause } from './row-filter.ts';

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
  private readonly resourceUrl: string;
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
    this.mapping = recordMapping(board, { ...board.source, fixedLicenseType: undefined });
    this.resourceUrl = `${board.source.baseUrl.replace(/\/+$/, '')}/resource/${board.source.datasetId}.json`;
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
    const typeWhere = this.board.source.where?.[query.licenseType];
    const base = [this.filterClause, typeWhere, clause(f.lastName, this.searchText(query.lastName))];
    const narrow = await this.searchWhere([...base, clause(f.firstName, this.searchText(query.firstName))], query);
    // Equality on the first name misses nicknames and boards that put the middle name in that field;
    // the surname alone is still a small set, and the matcher decides.
    if (!narrow.ok || narrow.value.length > 0) return narrow;
    return this.searchWhere(base, query);
  }

  async *fetchRoster(): AsyncIterable<RosterItem> {
    let row = 0;
    for (const where of this.rosterFilters()) {
      for (let offset = 0; ; ) {
        const page = await this.page(where, offset, this.board.source.pageSize);
        if (!page.ok) throw new SourceError(page.error);
        for (const raw of page.value) {
          // Another board's row in a shared dataset: not read, not counted.
          if (!this.ours(raw)) continue;
          row++;
          const mapped = this.map(raw);
          if ('record' in mapped) yield { record: mapped.record, row, ...withUnknown(mapped) };
          else if ('reason' in mapped) yield { error: { row, reason: mapped.reason, ...withUnknown(mapped) } };
        }
        if (page.value.length < this.board.source.pageSize) break;
        offset += page.value.length;
      }
    }
  }

  async health(): Promise<SourceResult<{ latencyMs: number }>> {
    const started = performance.now();
    const page = await this.page(undefined, 0, 1);
    if (!page.ok) return page;
    return { ok: true, value: { latencyMs: Math.round(performance.now() - started) } };
  }

  /** One pass per license type when the dataset holds other professions too, else one pass; each within the row filter. */
  private rosterFilters(): (string | undefined)[] {
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
    const records = query ? collected.records.filter((r) => r.licenseType === query.licenseType) : collected.records;
    return { ok: true, value: records };
  }

  private async page(where: string | undefined, offset: number, limit: number): Promise<SourceResult<Row[]>> {
    const url = new URL(this.resourceUrl);
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
    const f = this.board.source.fieldMap;
    const get = (field: string | undefined) => (field === undefined ? undefined : text(raw[field]));
    return mapRow(
      {
        licenseNumber: get(f.licenseNumber),
        lastName: get(f.lastName),
        firstName: get(f.firstName),
        middleName: get(f.middleName),
        suffix: get(f.suffix),
        licenseType: get(f.licenseType),
        status: get(f.status),
        issueDate: get(f.issueDate),
        expiryDate: get(f.expiryDate),
        discipline: get(f.discipline),
      },
      this.mapping,
    );
  }

  private searchText(value: string): string {
    const trimmed = value.trim();
    return this.board.source.searchCase === 'upper' ? trimmed.toUpperCase() : trimmed;
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
