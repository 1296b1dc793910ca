import { isValidNpi } from '@licensewatch/shared/npi';
import type { NpiLookup } from '@licensewatch/shared/roster-import';
import { ROSTER_IMPORT_MESSAGES as M } from '@licensewatch/shared/roster-import-messages';
import { STATE_CODES } from '@licensewatch/shared/states';
import { z } from 'zod';
import { type Env, licenseSourceMode } from '../../../platform/env.ts';
import { AppError } from '../../../platform/errors.ts';
import { credentialType } from '../../licensing/sources/nppes-source.ts';

export const NPPES_DEFAULT_URL = 'https://npiregistry.cms.hhs.gov/api/';
const TIMEOUT_MS = 8000;

/** NPPES_API_URL; else, like the boards, the simulator in simulator mode and the real registry otherwise. */
export function nppesApiUrl(env: Env): string {
  if (env.NPPES_API_URL) return env.NPPES_API_URL;
  if (licenseSourceMode(env) === 'simulator')
    return `${(env.SIM_URL ?? `http://127.0.0.1:${env.SIM_PORT}`).replace(/\/$/, '')}/nppes/api/`;
  return NPPES_DEFAULT_URL;
}

// Only what we read; NPPES sends much more, and its optional fields are often absent.
const answerSchema = z.looseObject({
  results: z
    .array(
      z.looseObject({
        basic: z
          .looseObject({
            first_name: z.string().nullish(),
            middle_name: z.string().nullish(),
            last_name: z.string().nullish(),
            credential: z.string().nullish(),
          })
          .nullish(),
        taxonomies: z.array(z.looseObject({ state: z.string().nullish() })).nullish(),
        licenses: z.array(z.looseObject({ state: z.string().nullish() })).nullish(),
      }),
    )
    .nullish(),
  Errors: z.array(z.unknown()).nullish(),
});

// NPPES writes names in capitals; a form pre-filled with "MARY-JANE O'NEIL" reads better as Mary-Jane O'Neil.
const titleCase = (s: string) => s.toLowerCase().replace(/(^|[\s'-])\p{L}/gu, (m) => m.toUpperCase());

const STATES = new Set<string>(STATE_CODES);

/**
 * A physician's name, license type (MD/DO from the credential) and the states their taxonomies and
 * licenses list, from NPPES by NPI. 400 for an NPI that fails the format check (NPPES is not
 * asked), 404 when NPPES lists no such physician (or not an MD or DO), 503 when it does not answer.
 */
export async function lookUpNpi(env: Env, npi: string): Promise<NpiLookup> {
  if (!isValidNpi(npi)) throw new AppError('NPI_INVALID', M.npiInvalid, 400);
  const url = new URL(nppesApiUrl(env));
  url.searchParams.set('version', '2.1');
  url.searchParams.set('number', npi);
  const unavailable = () => new AppError('NPI_UNAVAILABLE', M.npiUnavailable, 503);
  let body: unknown;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
    if (!res.ok) throw unavailable();
    body = await res.json();
  } catch {
    throw unavailable();
  }
  const parsed = answerSchema.safeParse(body);
  if (!parsed.success) throw unavailable();
  const found = parsed.data.results?.[0];
  const basic = found?.basic;
  const licenseType = credentialType(basic?.credential);
  if (!found || !basic?.first_name || !basic.last_name || !licenseType)
    throw new AppError('NPI_NOT_FOUND', M.npiNotFound, 404);
  const listed = new Set(
    [...(found.taxonomies ?? []), ...(found.licenses ?? [])].map((t) => t.state?.trim().toUpperCase() ?? ''),
  );
  return {
    npi,
    first_name: titleCase(basic.first_name.trim()),
    middle_name: basic.middle_name?.trim() ? titleCase(basic.middle_name.trim()) : null,
    last_name: titleCase(basic.last_name.trim()),
    license_type: licenseType,
    states: STATE_CODES.filter((s) => listed.has(s) && STATES.has(s)),
  };
}
