import type { LicenseType } from '@licensewatch/shared/licenses';
import { STATE_CODES, type StateCode } from '@licensewatch/shared/states';
import { z } from 'zod';
import type { NppesSourceConfig } from '../config/board-config.ts';
import type { LicenseSource, SourceQuery, SourceRecord, SourceResult } from '../types.ts';
import { HttpClient, type HttpDeps } from './http-client.ts';
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
    const result = await this.searchPeople({ firstName: query.firstName, lastName: query.lastName }, query.licenseType);
    if (!result.ok) return result;
    return { ok: true, value: result.value.filter((r) => r.licenseType === query.licenseType) };
  }

  /**
   * One record per (state, license) a matching provider lists. `fallbackType` is used for physicians who
   * left the credential blank; without it they are left out, since MD and DO share taxonomy codes.
   */
  async searchPeople(query: NppesPersonQuery, fallbackType?: LicenseType): Promise<SourceResult<SourceRecord[]>> {
    const records: SourceRecord[] = [];
    const seen = new Set<string>();
    const { pageSize, maxSkip } = this.config;
    for (let skip = 0; skip <= maxSkip; skip += pageSize) {
      const page = await this.page(query, skip);
      if (!page.ok) return page;
      for (const provider of page.value) {
        for (const record of providerRecords(provider, fallbackType)) {
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

function providerRecords(provider: z.infer<typeof resultSchema>, fallbackType?: LicenseType): SourceRecord[] {
  const basic = provider.basic;
  const lastName = clean(basic?.last_name);
  const firstName = clean(basic?.first_name);
  // Organisations (NPI-2) have no person name.
  if (!basic || !lastName || !firstName) return [];
  const credential = clean(basic.credential);
  // A stated non-physician credential (NP, PA) is never overridden by the fallback.
  const licenseType = credential === null ? fallbackType : credentialType(credential);
  if (!licenseType) return [];
  const records: SourceRecord[] = [];
  for (const taxonomy of provider.taxonomies ?? []) {
    // Without a credential only allopathic/osteopathic physician taxonomies (207*, 208*) say "physician".
    if (credential === null && !/^20[78]/.test(taxonomy.code ?? '')) continue;
    const state = clean(taxonomy.state)?.toUpperCase();
    // Territories (PR, GU, …) are outside the 51 jurisdictions.
    if (!state || !STATES.has(state)) continue;
    records.push({
      jurisdiction: state as StateCode,
      boardId: NPPES_SOURCE_ID,
      licenseType,
      licenseNumber: clean(taxonomy.license),
      firstName,
      middleName: clean(basic.middle_name),
      lastName,
      suffix: clean(basic.name_suffix),
      rawStatus: null,
      status: 'unknown',
      issueDate: null,
      expiryDate: null,
      discipline: null,
    });
  }
  return records;
}
