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
