import { type StateCode, stateName } from '@licensewatch/shared/states';
import { expect } from 'vitest';
import { waitFor } from './accounts.ts';
import type { HttpClient } from './http-client.ts';

/** Creates a report over HTTP and waits until its background update is complete; returns its id. */
export async function createReportAndWait(client: HttpClient, body: object): Promise<string> {
  const created = await client.post('/api/v2/reports/', body);
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  await waitFor(
    `report ${id} to finish updating`,
    async () => (await client.get(`/api/v2/states/update-status/${id}`)).body.is_completed,
  );
  return id;
}

/** POST /api/v2/reports/'s body for a simulated physician, in the states of their licenses (each once). */
export function reportBodyFor(person: {
  firstName: string;
  middleName: string | null;
  lastName: string;
  licenses: { licenseType: string; jurisdiction: StateCode }[];
}) {
  return {
    firstName: person.firstName,
    middleName: person.middleName,
    lastName: person.lastName,
    licenseType: person.licenses[0]?.licenseType,
    states: [...new Set(person.licenses.map((l) => stateName(l.jurisdiction)))],
  };
}
