import type { BoardWith } from '../config/board-config.ts';
import { HttpClient, type HttpDeps } from '../http-client.ts';
import { normalizeNamePart } from '../normalize-name.ts';
import { canonicalSuffix, parsePersonName } from '../parse-person-name.ts';
import type { LicenseSource, SourceQuery, SourceRecord, SourceResult } from '../types.ts';
import {
  clean,
  collectSearchResult,
  keepLicenseType,
  type MappedRow,
  mapRow,
  type RawFields,
  type RecordMapping,
  recordMapping,
} from './record-fields.ts';

// Massachusetts' look-up (findmydoctor.mass.gov) is a single-page app over the Board of Registration
// in Medicine's JSON API (BOARDS.md row 25, PSV): this posts to it what the page posts. PSV reads the
// answer, `{results: {data: [...]}}`, but drives the page rather than posting, so the request bodies
// below are from two public scripts outside the evidence keys (the board's configuration says which):
// `searchType` BY_PHYSICIAN_NAME with `firstName`/`lastName`, or BY_LICENSE_NUMBER with `licenseNumber`.

type Row = Record<string, unknown>;

// Health asks for a surname nobody has, so the API answers its cheapest list.
const HEALTH_LAST_NAME = 'Zzyzxq';

export class MassachusettsMedboardSource implements LicenseSource {
  readonly boardId: string;
  private readonly http: HttpClient;
  private readonly mapping: RecordMapping;
  private readonly degrees: { pattern: RegExp; type: string }[];

  constructor(
    private readonly board: BoardWith<'massachusetts-medboard'>,
    deps: HttpDeps = {},
  ) {
    this.boardId = board.id;
    this.http = new HttpClient(board.id, board.source, deps);
    // The degree is told MD, DO or either by `degrees` before the row is mapped: the type text is then ours.
    this.mapping = recordMapping(board, {
      ...board.source,
      licenseTypes: { MD: 'MD', DO: 'DO', either: 'either' },
      unknownLicenseType: 'skip',
    });
    this.degrees = board.source.degrees.map(({ pattern, type }) => ({ pattern: new RegExp(pattern, 'i'), type }));
  }

  async search(query: SourceQuery): Promise<SourceResult<SourceRecord[]>> {
    if ('licenseNumber' in query) {
      const found = await this.ask({ licenseNumber: query.licenseNumber.trim(), searchType: 'BY_LICENSE_NUMBER' });
      return found.ok ? this.collect(found.value.rows) : found;
    }
    if (!this.board.licenseTypes.includes(query.licenseType)) return { ok: true, value: [] };
    const lastName = query.lastName.trim();
    // The surname alone finds the physician under any first name (Bill for William); only an answer
    // that says it holds fewer rows than matched is asked again, with the first name.
    let found = await this.askName(lastName, '');
    if (found.ok && found.value.cut && query.firstName.trim())
      found = await this.askName(lastName, query.firstName.trim());
    if (!found.ok) return found;
    const result = this.collect(found.value.rows, lastName);
    if (!result.ok) return result;
    return keepLicenseType(result, query.licenseType);
  }

  async health(): Promise<SourceResult<{ latencyMs: number }>> {
    const started = performance.now();
    const found = await this.askName(HEALTH_LAST_NAME, '');
    if (!found.ok) return found;
    return { ok: true, value: { latencyMs: Math.round(performance.now() - started) } };
  }

  private askName(lastName: string, firstName: string) {
    return this.ask({
      firstName,
      lastName,
      titles: [],
      specialties: [],
      cities: [],
      searchType: 'BY_PHYSICIAN_NAME',
    });
  }

  /** One search: the rows, and whether the answer says more matched than it holds. */
  private async ask(search: Record<string, unknown>): Promise<SourceResult<{ rows: Row[]; cut: boolean }>> {
    const answer = await this.http.json(this.board.source.searchUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ licenseMetaId: null, ...search, showOnlyAuthorizedForHerbalTherapy: false }),
    });
    if (!answer.ok) return answer;
    const results = (answer.value as { results?: unknown } | null)?.results as
      | { data?: unknown; totalDataCount?: unknown }
      | undefined;
    if (!results || typeof results !== 'object' || !Array.isArray(results.data))
      return {
        ok: false,
        error: {
          kind: 'parse-failure',
          message: `${this.boardId}: the search answered without {results: {data: [...]}}`,
        },
      };
    const rows = results.data.map((row) => (row !== null && typeof row === 'object' ? (row as Row) : {}));
    const total = typeof results.totalDataCount === 'number' ? results.totalDataCount : rows.length;
    return { ok: true, value: { rows, cut: total > rows.length } };
  }

  private collect(rows: Row[], surname?: string): SourceResult<SourceRecord[]> {
    const mapped = rows.map((row) => this.readRow(row, surname));
    // An empty `data` in the answer's own shape is the API saying it found nobody.
    return collectSearchResult(mapped, rows.length === 0);
  }

  private readRow(row: Row, surname: string | undefined): MappedRow {
    const degree = text(row.degree);
    if (degree === null) return { reason: 'missing degree' };
    const type = this.degrees.find((d) => d.pattern.test(degree))?.type;
    // Another profession the board licenses (an acupuncturist): not this board's physicians.
    if (type === undefined) return { skip: true, typeText: degree };
    const raw: RawFields = {
      ...splitFullName(text(row.fullName) ?? '', surname),
      licenseNumber: text(row.licenseNumber),
      licenseType: type,
      status: text(row.profileStatus),
      issueDate: text(row.originalDate),
      expiryDate: text(row.expirationDate),
    };
    return mapRow(raw, this.mapping);
  }
}

function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? clean(value) : null;
}

const compact = (value: string) => normalizeNamePart(value).replaceAll(' ', '');

/**
 * 'First Middle Last Suffix'. The surname searched for marks where the surname begins (a particle
 * the shared parser does not know, 'De los Santos', or one run together, 'Delacruz'); without one, or
 * when it is not there, the shared parser splits it.
 */
function splitFullName(
  fullName: string,
  surname: string | undefined,
): { firstName: string; middleName: string | null; lastName: string; suffix: string | null } {
  const tokens = fullName.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const suffix = tokens.length > 2 && canonicalSuffix(tokens.at(-1)) ? canonicalSuffix(tokens.pop()) : null;
  const wanted = surname ? compact(surname) : '';
  if (wanted) {
    for (let start = tokens.length - 1; start >= 1; start--) {
      const spelled = tokens.slice(start).map(compact).join('');
      if (spelled === wanted)
        return {
          firstName: tokens[0] as string,
          middleName: tokens.slice(1, start).join(' ') || null,
          lastName: tokens.slice(start).join(' '),
          suffix,
        };
      if (spelled.length > wanted.length) break;
    }
  }
  return parsePersonName(fullName);
}
