import type { LicenseType } from '@licensewatch/shared/licenses';
import { STATE_CODES, type StateCode } from '@licensewatch/shared/states';
import { z } from 'zod';
import type { NppesSourceConfig } from '../config/board-config.ts';
import { HttpClient, type HttpDeps } from '../http-client.ts';
import type { LicenseSource, SourceQuery, SourceRecord, SourceResult } from '../types.ts';
import { clean } from './record-fields.ts';

export const NPPES_SOURCE_ID = 'nppes';

export type NppesPersonQuery = { firstName?: string | undefined; lastName: string; state?: StateCode | undefined };
export type NppesDiscovery = { state: StateCode; licenseNumber: string | null; licenseType: LicenseType };

// Only the fields we read; NPPES sends many more, and a missing optional one must not reject the answer.
const taxonomySchema = z.looseObject({
  code: z.string().nullish(),
  state: z.string().nullish(),
  license: z.string().nullish(),
  primary: z.boolean().nullish(),
});
const resultSchema = z.looseObject({
  number: z.union([z.string(), z.number()]).nullish(),
  basic: z
    .looseObject({
      first_name: z.string().nullish(),
      last_name: z.string().nullish(),
      middle_name: z.string().nullish(),
      name_suffix: z.string().nullish(),
      credential: z.string().nullish(),
    })
    .nullish(),
  taxonomies: z.array(taxonomySchema).nullish(),
});
const answerSchema = z.looseObject({
  result_count: z.number().optional(),
  results: z.array(resultSchema).optional(),
  Errors: z.array(z.looseObject({ description: z.string().optional() })).optional(),
});

const STATES = new Set<string>(STATE_CODES);

/** NPPES writes "--" where a name part is absent (17% of individuals' `name_suffix`, BOARDS.md §5.3). */
export function nppesText(value: string | null | undefined): string | null {
  const text = clean(value);
  return text === null || /^-+$/.test(text) ? null : text;
}

/** A taxonomy's license number; all zeros ('000000000', seen in real answers) is a placeholder, not a number. */
export function nppesLicenseNumber(value: string | null | undefined): string | null {
  const text = nppesText(value);
  return text === null || /^0+$/.test(text) ? null : text;
}

/** Allopathic and osteopathic physician taxonomies (207*, 208*): MD and DO share them, so they never tell which. */
export function isPhysicianTaxonomy(code: string | null | undefined): boolean {
  return /^20[78]/.test(code?.trim() ?? '');
}

/**
 * States whose license numbers say MD or DO by their prefix (the boards' own numbering, as NPPES shows
 * it: FL `ME166695` / `OS22553`, WA `MD61149438` / `OP60020990`, PA `MD487584` / `OS016916`). Elsewhere
 * a number does not tell: DC's `MD034767` is the board's prefix for every physician it licenses.
 */
const TYPE_PREFIXES: Partial<Record<StateCode, [prefix: string, type: LicenseType][]>> = {
  FL: [
    ['ME', 'MD'],
    ['OS', 'DO'],
  ],
  WA: [
    ['MD', 'MD'],
    ['OP', 'DO'],
  ],
  PA: [
    ['MD', 'MD'],
    ['OS', 'DO'],
  ],
};

/** MD or DO as the state's license number says; undefined where the number does not tell. */
export function licenseNumberType(state: string, licenseNumber: string | null): LicenseType | undefined {
  const number = licenseNumber?.trim().toUpperCase();
  if (!number) return undefined;
  return TYPE_PREFIXES[state as StateCode]?.find(([prefix]) => number.startsWith(prefix))?.[1];
}

/**
 * The type of one claimed license, from evidence only: the credential when one is given (a stated
 * non-physician credential, NP or PA, gives none), else a physician taxonomy whose license number
 * tells MD from DO. Nothing else decides: without evidence the license stays untyped and is left out,
 * rather than guessed (a default once typed a Florida osteopathic license as MD).
 */
export function nppesLicenseType(
  credential: string | null,
  taxonomy: { code?: string | null | undefined; state: string; license: string | null },
): LicenseType | undefined {
  if (credential !== null) return credentialType(credential);
  if (!isPhysicianTaxonomy(taxonomy.code)) return undefined;
  return licenseNumberType(taxonomy.state, taxonomy.license);
}

/** 'M.D.', 'MD, PhD', 'd.o.' → the type; anything else (NP, PA, blank) → undefined. */
export function credentialType(credential: string | null | undefined): LicenseType | undefined {
  if (!credential) return undefined;
  const tokens = credential
    .toUpperCase()
    .replace(/\./g, '')
    .split(/[\s,;/]+/)
    .filter(Boolean);
  for (const token of tokens) {
    if (token === 'MD') return 'MD';
    if (token === 'DO') return 'DO';
  }
  return undefined;
}

/**
 * NPI Registry v2.1. Self-reported: it tells which states and numbers a physician claims (to seed board
 * look-ups), never whether a license is in good standing, so status is 'unknown' and dates are absent.
 */
export class NppesSource implements LicenseSource {
  readonly boardId = NPPES_SOURCE_ID;
  private readonly http: HttpClient;

  constructor(
    private readonly config: NppesSourceConfig,
    deps: HttpDeps = {},
  ) {
    this.http = new HttpClient(NPPES_SOURCE_ID, config, deps);
  }

  async search(query: SourceQuery): Promise<SourceResult<SourceRecord[]>> {
    if ('licenseNumber' in query)
      return { ok: false, error: { kind: 'unsupported', message: 'NPPES cannot be searched by state license number' } };
    const result = await this.searchPeople({ firstName: query.firstName, lastName: query.lastName });
    if (!result.ok) return result;
    return { ok: true, value: result.value.filter((r) => r.licenseType === query.licenseType) };
  }

  /**
   * One record per (state, license) a matching provider lists, typed from evidence only
   * (`nppesLicenseType`): a license nothing types is left out, never given the type that was asked for.
   */
  async searchPeople(query: NppesPersonQuery): Promise<SourceResult<SourceRecord[]>> {
    const records: SourceRecord[] = [];
    const seen = new Set<string>();
    const { pageSize, maxSkip } = this.config;
    for (let skip = 0; skip <= maxSkip; skip += pageSize) {
      const page = await this.page(query, skip);
      if (!page.ok) return page;
      for (const provider of page.value) {
        for (const record of providerRecords(provider)) {
          const key = `${record.jurisdiction}|${record.licenseType}|${record.licenseNumber ?? ''}|${record.lastName}|${record.firstName}`;
          if (seen.has(key)) continue;
          seen.add(key);
          records.push(record);
        }
      }
      if (page.value.length < pageSize) break;
    }
    return { ok: true, value: records };
  }

  /** Which states and license numbers a physician claims. */
  async discover(name: NppesPersonQuery): Promise<SourceResult<NppesDiscovery[]>> {
    const result = await this.searchPeople(name);
    if (!result.ok) return result;
    const found = new Map<string, NppesDiscovery>();
    for (const r of result.value) {
      // NPPES records are always typed (providerRecords leaves out what evidence does not type).
      if (r.licenseType === null) continue;
      const key = `${r.jurisdiction}|${r.licenseType}|${r.licenseNumber ?? ''}`;
      if (!found.has(key))
        found.set(key, { state: r.jurisdiction, licenseNumber: r.licenseNumber, licenseType: r.licenseType });
    }
    return { ok: true, value: [...found.values()] };
  }

  async health(): Promise<SourceResult<{ latencyMs: number }>> {
    const started = performance.now();
    const page = await this.page({ lastName: 'Smith', state: 'CA' }, 0, 1);
    if (!page.ok) return page;
    return { ok: true, value: { latencyMs: Math.round(performance.now() - started) } };
  }

  private async page(
    query: NppesPersonQuery,
    skip: number,
    limit = this.config.pageSize,
  ): Promise<SourceResult<z.infer<typeof resultSchema>[]>> {
    const url = new URL(this.config.baseUrl);
    url.searchParams.set('version', '2.1');
    if (query.firstName?.trim()) url.searchParams.set('first_name', query.firstName.trim());
    url.searchParams.set('last_name', query.lastName.trim());
    if (query.state) url.searchParams.set('state', query.state);
    url.searchParams.set('limit', String(limit));
    if (skip > 0) url.searchParams.set('skip', String(skip));
    const answer = await this.http.json(url.toString());
    if (!answer.ok) return answer;
    const parsed = answerSchema.safeParse(answer.value);
    if (!parsed.success)
      return { ok: false, error: { kind: 'parse-failure', message: 'NPPES answered an unexpected JSON shape' } };
    // NPPES reports a bad query as 200 with an Errors array.
    if (parsed.data.Errors?.length)
      return {
        ok: false,
        error: {
          kind: 'parse-failure',
          message: `NPPES refused the query: ${parsed.data.Errors.map((e) => e.description ?? '?').join('; ')}`,
        },
      };
    return { ok: true, value: parsed.data.results ?? [] };
  }
}

function providerRecords(provider: z.infer<typeof resultSchema>): SourceRecord[] {
  const basic = provider.basic;
  const lastName = nppesText(basic?.last_name);
  const firstName = nppesText(basic?.first_name);
  // Organisations (NPI-2) have no person name.
  if (!basic || !lastName || !firstName) return [];
  const credential = nppesText(basic.credential);
  const records: SourceRecord[] = [];
  for (const taxonomy of provider.taxonomies ?? []) {
    const state = clean(taxonomy.state)?.toUpperCase();
    // A taxonomy without a state names no license; territories (PR, GU, …) are outside the 51 jurisdictions.
    if (!state || !STATES.has(state)) continue;
    const licenseNumber = nppesLicenseNumber(taxonomy.license);
    const licenseType = nppesLicenseType(credential, { code: taxonomy.code, state, license: licenseNumber });
    if (!licenseType) continue;
    records.push({
      jurisdiction: state as StateCode,
      boardId: NPPES_SOURCE_ID,
      licenseType,
      licenseNumber,
      firstName,
      middleName: nppesText(basic.middle_name),
      lastName,
      suffix: nppesText(basic.name_suffix),
      rawStatus: null,
      status: 'unknown',
      issueDate: null,
      expiryDate: null,
      discipline: null,
    });
  }
  return records;
}
