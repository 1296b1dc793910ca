import type { BoardWith } from '../config/board-config.ts';
import type { ReadVariable } from '../config/describe-board-method.ts';
import { HttpClient, type HttpDeps } from '../http-client.ts';
import type { LicenseSource, SourceQuery, SourceRecord, SourceResult } from '../types.ts';
import { classifyRosaLicence, readRosaRecord, rosaText } from './read-rosa-record.ts';
import {
  collectSearchResult,
  keepLicenseType,
  type MappedRow,
  mapRow,
  type RecordMapping,
  recordMapping,
} from './record-fields.ts';

// New York's look-up page is a Vue client of NYSED's ROSA API (BOARDS.md row 38, PSV 2026-08-18); this
// asks the API as the page does. A name search lists at most `cap` licences of any profession and
// without their standing, so each physician's licence is then looked up by number for its status and
// dates. Nothing here reads the page: the key it sends comes from the operator (describe-board-method.ts).

type ListedLicence = { code: string; number: string };

// Health asks for a name nobody has, so the API answers its cheapest list.
const HEALTH_NAME = 'ZZYZXQ';
const ANY_PROFESSION = 'ALL';

export class NysedRosaSource implements LicenseSource {
  readonly boardId: string;
  private readonly http: HttpClient;
  private readonly mapping: RecordMapping;
  private readonly readVariable: ReadVariable;

  /** `readVariable`: where the API key is read (the process environment by default). */
  constructor(
    private readonly board: BoardWith<'nysed-rosa'>,
    deps: HttpDeps & { readVariable?: ReadVariable } = {},
  ) {
    this.boardId = board.id;
    this.http = new HttpClient(board.id, board.source, deps);
    // Dates arrive as 'April 30, 2029' and are made ISO while the licence is read (read-rosa-record.ts).
    this.mapping = recordMapping(board, { ...board.source, unknownLicenseType: 'skip', dateFormat: 'iso' });
    this.readVariable = deps.readVariable ?? ((name) => process.env[name]);
  }

  async search(query: SourceQuery): Promise<SourceResult<SourceRecord[]>> {
    const key = this.apiKey();
    if (!key.ok) return key;
    if ('licenseNumber' in query) return this.searchNumber(query.licenseNumber, key.value);
    if (!this.board.licenseTypes.includes(query.licenseType)) return { ok: true, value: [] };
    const found = await this.searchName(query.lastName.trim(), query.firstName.trim(), key.value);
    if (!found.ok) return found;
    return keepLicenseType(found, query.licenseType);
  }

  async health(): Promise<SourceResult<{ latencyMs: number }>> {
    const key = this.apiKey();
    if (!key.ok) return key;
    const started = performance.now();
    const listed = await this.list(ANY_PROFESSION, HEALTH_NAME, key.value);
    if (!listed.ok) return listed;
    return { ok: true, value: { latencyMs: Math.round(performance.now() - started) } };
  }

  private apiKey(): SourceResult<string> {
    const { variable } = this.board.source.apiKey;
    const key = this.readVariable(variable)?.trim();
    if (key) return { ok: true, value: key };
    return {
      ok: false,
      error: {
        kind: 'unavailable',
        message: `${this.boardId}: the board's API wants the key its page sends; set ${variable}`,
      },
    };
  }

  /**
   * 'LAST FIRST', as the page asks (PSV). A full answer (the cap) may have cut the physician off, and
   * it may be full of other professions' namesakes: the board's physician professions are then asked
   * one by one, which leaves only physicians to fill the cap. A profession still answering the cap may yet hide
   * the physician (SearchNotes has no word for a cut answer); a narrowing the API refuses leaves the
   * first answer, which holds all it can.
   */
  private async searchName(lastName: string, firstName: string, key: string): Promise<SourceResult<SourceRecord[]>> {
    const name = `${lastName} ${firstName}`.replace(/\s+/g, ' ').trim();
    const wide = await this.list(ANY_PROFESSION, name, key);
    if (!wide.ok) return wide;
    let listed = wide.value;
    if (listed.length >= this.board.source.cap) {
      const narrow: ListedLicence[] = [];
      for (const code of this.professionCodes()) {
        const one = await this.list(code, name, key);
        if (!one.ok) {
          narrow.length = 0;
          break;
        }
        narrow.push(...one.value);
      }
      if (narrow.length > 0) listed = narrow;
    }
    const codes = new Set(this.professionCodes());
    const seen = new Set<string>();
    const physicians = listed.filter(({ code, number }) => {
      const id = `${code}|${number}`;
      if (!codes.has(code) || seen.has(id)) return false;
      seen.add(id);
      return true;
    });
    const rows: MappedRow[] = [];
    for (const { code, number } of physicians) {
      const licence = await this.licence(code, number, key);
      if (!licence.ok) return licence;
      rows.push(
        licence.value
          ? mapRow(readRosaRecord(licence.value, lastName), this.mapping)
          : { reason: `licence ${code}/${number}, listed by name, answered nothing by number` },
      );
    }
    return collectSearchResult(rows, physicians.length === 0);
  }

  /** The board's professions in turn (the look-up needs one), the number as the API stores it. */
  private async searchNumber(typed: string, key: string): Promise<SourceResult<SourceRecord[]>> {
    const number = storedNumber(typed, this.board.source.numberDigits);
    for (const code of this.professionCodes()) {
      const licence = await this.licence(code, number, key);
      if (!licence.ok) return licence;
      if (licence.value) return collectSearchResult([mapRow(readRosaRecord(licence.value), this.mapping)], false);
    }
    return collectSearchResult([], true);
  }

  private professionCodes(): string[] {
    return Object.keys(this.board.source.licenseTypes);
  }

  /** A name search's rows: each licence's profession and number (the rest is read from the licence). */
  private async list(code: string, name: string, key: string): Promise<SourceResult<ListedLicence[]>> {
    const answer = await this.ask('byProfessionAndName', { professionCode: code, name }, key);
    if (!answer.ok) return answer;
    const content = (answer.value as { content?: unknown } | null)?.content;
    if (!Array.isArray(content))
      return this.changed(`a name search answered ${describeShape(answer.value)}, not {content: [...]}`);
    const listed: ListedLicence[] = [];
    for (const row of content) {
      const fields = (row ?? {}) as Record<string, unknown>;
      const rowCode = rosaText(fields.professionCode);
      const number = rosaText(fields.licenseNumber);
      if (!rowCode || !number) return this.changed('a name search listed a row without a profession code or number');
      listed.push({ code: rowCode, number });
    }
    return { ok: true, value: listed };
  }

  /** One licence in full, or null when the API holds none under that profession and number. */
  private async licence(
    code: string,
    number: string,
    key: string,
  ): Promise<SourceResult<Record<string, unknown> | null>> {
    const answer = await this.ask('byProfessionAndLicenseNumber', { professionCode: code, licenseNumber: number }, key);
    if (!answer.ok) return answer;
    switch (classifyRosaLicence(answer.value)) {
      case 'licence':
        return { ok: true, value: answer.value as Record<string, unknown> };
      case 'none':
        return { ok: true, value: null };
      case 'other':
        return this.changed(`a licence look-up answered ${describeShape(answer.value)}, not a licence`);
    }
  }

  private async ask(endpoint: string, params: Record<string, string>, key: string): Promise<SourceResult<unknown>> {
    const { apiUrl, apiKey } = this.board.source;
    const url = new URL(`${apiUrl.replace(/\/+$/, '')}/${endpoint}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const answer = await this.http.json(url.toString(), { headers: { [apiKey.header]: key } });
    // A refused key is the operator's to renew, not the board's outage: say where the new one is.
    if (
      !answer.ok &&
      answer.error.kind === 'unavailable' &&
      (answer.error.status === 401 || answer.error.status === 403)
    )
      return {
        ok: false,
        error: {
          ...answer.error,
          message: `${this.boardId}: the API refused the key in ${apiKey.variable} (HTTP ${answer.error.status}); the board may have changed it: the current one is in the script of ${apiKey.publishedAt}`,
        },
      };
    return answer;
  }

  private changed(what: string): { ok: false; error: { kind: 'parse-failure'; message: string } } {
    return { ok: false, error: { kind: 'parse-failure', message: `${this.boardId}: ${what}` } };
  }
}

/**
 * The number as ROSA stores it (PSV): bare digits, zero-padded ('005491'). Input carries a letter
 * prefix or a '-1' segment the API does not ('F356564', '005491-1'), or drops the leading zeros.
 */
function storedNumber(typed: string, digits: number): string {
  const trimmed = typed.trim();
  const m = /^[A-Za-z]?\s*0*(\d+)(?:-\d+)?$/.exec(trimmed);
  return m ? (m[1] as string).padStart(digits, '0') : trimmed;
}

function describeShape(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value !== 'object') return typeof value;
  const keys = Object.keys(value).slice(0, 5);
  return keys.length === 0 ? '{}' : `{${keys.join(', ')}}`;
}
