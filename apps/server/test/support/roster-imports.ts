import { expect } from 'vitest';
import { waitFor } from './accounts.ts';
import type { HttpClient } from './http-client.ts';

/** A roster file as the /org/import page sends it. */
export const rosterUpload = (csv: string, fileName = 'roster.csv') => ({
  fileName,
  content: Buffer.from(csv).toString('base64'),
});

/** Uploads the roster and waits for its import to end (done or failed); answers the import. */
export async function importRosterAndWait(client: HttpClient, csv: string) {
  const started = await client.post('/api/v2/roster-imports/', rosterUpload(csv));
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  // 30 s: a few dozen reports created, with the machine busy.
  return waitFor(
    'the import to finish',
    async () => {
      const res = await client.get(`/api/v2/roster-imports/${started.body.id}`);
      return res.body.status === 'done' || res.body.status === 'failed' ? res.body : null;
    },
    300,
  );
}
