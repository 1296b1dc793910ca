import type { NpiLookup } from '@licensewatch/shared/roster-import';
import { STATE_CODES } from '@licensewatch/shared/states';
import { z } from 'zod';
import { type Env, licenseSourceMode } from '../../platform/env.ts';
import { credentialType, nppesLicenseNumber, nppesLicenseType, nppesText } from './sources/nppes-source.ts';

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
        number: z.union([z.string(), z.number()]).nullish(),
        basic: z
          .looseObject({
            first_name: z.string().nullish(),
            middle_name: z.string().nullish(),
            last_name: z.string().nullish(),
            credential: z.string().nullish(),
          })
          .nullish(),
        // The claimed licenses are the taxonomies' (code, state, license); NPPES has no `licenses` field.
        taxonomies: z
          .array(
            z.looseObject({ code: z.string().nullish(), state: z.string().nullish(), license: z.string().nullish() }),
          )
          .nullish(),
      }),
    )
    .nullish(),
  Errors: z.array(z.unknown()).nullish(),
});

// NPPES writes names in capitals; a form pre-filled with "MARY-JANE O'NEIL" reads better as Mary-Jane O'Neil.
const titleCase = (s: string) => s.toLowerCase().replace(/(^|[\s'-])\p{L}/gu, (m) => m.toUpperCase());

const STATES = new Set<string>(STATE_CODES);

/**
 * The NPPES NPI Registry (v2.1) asked with `params` (`number`, or `first_name`, `last_name`,
 * `state`, `limit`): the physicians (MD or DO) it lists, with the states their taxonomies name.
 * The type comes from the credential, or for a physician who gave none from license numbers that
 * tell (`nppesLicenseType`); one nothing types, or whose numbers disagree, is left out rather than
 * guessed. Null when it does not answer, or answers something else.
 */
export async function askNppesRegistry(env: Env, params: Record<string, string>): Promise<NpiLookup[] | null> {
  const url = new URL(nppesApiUrl(env));
  url.searchParams.set('version', '2.1');
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  let body: unknown;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    body = await res.json();
  } catch {
    return null;
  }
  const parsed = answerSchema.safeParse(body);
  if (!parsed.success) return null;
  const people: NpiLookup[] = [];
  for (const found of parsed.data.results ?? []) {
    const basic = found.basic;
    const firstName = nppesText(basic?.first_name);
    const lastName = nppesText(basic?.last_name);
    const middleName = nppesText(basic?.middle_name);
    const credential = nppesText(basic?.credential);
    const taxonomies = (found.taxonomies ?? []).flatMap((t) => {
      const state = t.state?.trim().toUpperCase() ?? '';
      // Territories (GU, PR, …) and taxonomies without a state name no license of the 51 jurisdictions.
      return STATES.has(state) ? [{ code: t.code, state, license: nppesLicenseNumber(t.license) }] : [];
    });
    // Without a credential, the numbers that tell a type must agree; those that tell nothing do not count.
    const told = credential !== null ? [credentialType(credential)] : taxonomies.map((t) => nppesLicenseType(null, t));
    const types = new Set(told.filter((type) => type !== undefined));
    const licenseType = types.size === 1 ? [...types][0] : undefined;
    const npi = found.number === null || found.number === undefined ? (params.number ?? '') : String(found.number);
    if (!firstName || !lastName || !licenseType || !npi) continue;
    const listed = new Set(taxonomies.map((t) => t.state));
    people.push({
      npi,
      first_name: titleCase(firstName),
      middle_name: middleName ? titleCase(middleName) : null,
      last_name: titleCase(lastName),
      license_type: licenseType,
      states: STATE_CODES.filter((s) => listed.has(s)),
    });
  }
  return people;
}
