import type { NpiLookup } from '@licensewatch/shared/roster-import';
import { ROSTER_IMPORT_MESSAGES } from '@licensewatch/shared/roster-import-messages';
import type { Db } from '../../platform/db/client.ts';
import type { Env } from '../../platform/env.ts';
import { AppError } from '../../platform/errors.ts';
import { askNppesRegistry } from '../licensing/ask-nppes-registry.ts';
import { normalizeNamePart } from '../licensing/normalize-name.ts';
import { getReport } from './get-report.ts';

/** States asked about: NPPES answers one state per call, and a report of 51 states is not 51 calls. */
const STATES_ASKED = 5;
const SUGGESTIONS = 10;

/**
 * NPIs NPPES lists for the report's physician: the same first and last name (the registry's
 * normalisation) and license type, practising in one of the report's first states, the ones that
 * list the most of the report's states first. The user picks one; nothing is set here. 503 when
 * NPPES does not answer.
 */
export async function suggestReportNpi(
  { db, env }: { db: Db; env: Env },
  { workspaceId, reportId }: { workspaceId: string; reportId: string },
): Promise<(NpiLookup & { states_in_report: number })[]> {
  const report = await getReport(db, workspaceId, reportId);
  const first = normalizeNamePart(report.firstName);
  const last = normalizeNamePart(report.lastName);
  const found = new Map<string, NpiLookup>();
  for (const state of report.states.slice(0, STATES_ASKED)) {
    const people = await askNppesRegistry(env, {
      first_name: report.firstName,
      last_name: report.lastName,
      state,
      limit: '50',
    });
    if (!people) throw new AppError('NPI_UNAVAILABLE', ROSTER_IMPORT_MESSAGES.npiUnavailable, 503);
    for (const person of people) {
      const sameName = normalizeNamePart(person.first_name) === first && normalizeNamePart(person.last_name) === last;
      if (sameName && person.license_type === report.licenseType) found.set(person.npi, person);
    }
  }
  const wanted = new Set<string>(report.states);
  return [...found.values()]
    .map((person) => ({ ...person, states_in_report: person.states.filter((s) => wanted.has(s)).length }))
    .sort((a, b) => b.states_in_report - a.states_in_report || a.npi.localeCompare(b.npi))
    .slice(0, SUGGESTIONS);
}
