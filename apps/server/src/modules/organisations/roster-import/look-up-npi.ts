import { isValidNpi } from '@licensewatch/shared/npi';
import type { NpiLookup } from '@licensewatch/shared/roster-import';
import { ROSTER_IMPORT_MESSAGES as M } from '@licensewatch/shared/roster-import-messages';
import type { Env } from '../../../platform/env.ts';
import { AppError } from '../../../platform/errors.ts';
import { askNppesRegistry } from '../../licensing/ask-nppes-registry.ts';

/**
 * A physician's name, license type (MD/DO from the credential) and the states their taxonomies and
 * licenses list, from NPPES by NPI. 400 for an NPI that fails the format check (NPPES is not
 * asked), 404 when NPPES lists no such physician (or not an MD or DO), 503 when it does not answer.
 */
export async function lookUpNpi(env: Env, npi: string): Promise<NpiLookup> {
  if (!isValidNpi(npi)) throw new AppError('NPI_INVALID', M.npiInvalid, 400);
  const people = await askNppesRegistry(env, { number: npi });
  if (!people) throw new AppError('NPI_UNAVAILABLE', M.npiUnavailable, 503);
  const [found] = people;
  if (!found) throw new AppError('NPI_NOT_FOUND', M.npiNotFound, 404);
  return { ...found, npi };
}
