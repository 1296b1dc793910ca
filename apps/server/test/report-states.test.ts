import { MESSAGES } from '@licensewatch/shared/messages';
import { STATE_CODES, type StateCode, stateName } from '@licensewatch/shared/states';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInOnPlan } from './support/accounts.ts';
import { createReportAndWait } from './support/reports.ts';
import {
  BULK_BOARDS,
  MACHINE_READ_BOARDS,
  pickPhysician,
  type SimulatedBoards,
  withSimulatedBoards,
} from './support/simulated-boards.ts';
import type { TestServer } from './support/test-server.ts';

let server: TestServer;
let boards: SimulatedBoards;
withSimulatedBoards({ size: 1500, seed: 42 }, (running) => {
  ({ server, boards } = running);
});
afterEach(() => boards.clearFaults());

const onPremium = async () => (await signedInOnPlan(server)).client;

// Bulk boards are read ahead of time; a look-up board is searched live, so it can be down.
const LOOKUP_STATES = new Set(
  STATE_CODES.filter((code) =>
    [`${code.toLowerCase()}-med`, `${code.toLowerCase()}-md`].some(
      (id) => MACHINE_READ_BOARDS.has(id) && !BULK_BOARDS.has(id),
    ),
  ),
);
type StateRow = {
  state: string;
  outcome: string;
  licenses: number;
  hidden: number;
  checked_at: string | null;
  retry_at: string | null;
};

describe('every state of a report accounted for', () => {
  it('found, none found and board unavailable (with its retry time), each with the table’s count', async () => {
    const physician = pickPhysician(boards.persons, { minLicenses: 3 });
    const held = new Set(physician.licenses.map((l) => l.jurisdiction as StateCode));
    const down = [...held].find((code) => LOOKUP_STATES.has(code));
    const nowhere = STATE_CODES.find((code) => !held.has(code) && LOOKUP_STATES.has(code));
    if (!down || !nowhere) throw new Error('no suitable states');
    for (const boardId of [`${down.toLowerCase()}-md`, `${down.toLowerCase()}-med`, `${down.toLowerCase()}-do`]) {
      await boards.setFaults({ boardId, down: true });
    }
    const client = await onPremium();
    const id = await createReportAndWait(client, {
      firstName: physician.firstName,
      middleName: physician.middleName,
      lastName: physician.lastName,
      licenseType: physician.licenses[0]?.licenseType,
      states: [...held, nowhere].map(stateName),
    });

    const res = await client.get(`/api/v2/reports/${id}/states`);
    expect(res.status).toBe(200);
    const states = res.body.states as StateRow[];
    expect(states.map((s) => s.state).sort()).toEqual([...held, nowhere].map(stateName).sort());
    const byName = new Map(states.map((s) => [s.state, s]));
    expect(byName.get(stateName(nowhere))).toMatchObject({ outcome: 'none_found', licenses: 0, retry_at: null });
    const unavailable = byName.get(stateName(down));
    expect(unavailable?.outcome).toBe('unavailable');
    // Tried once: again ten minutes after that try.
    expect(Date.parse(unavailable?.retry_at ?? '') - Date.parse(unavailable?.checked_at ?? '')).toBe(600_000);
    for (const code of held) {
      if (code === down) continue;
      expect(byName.get(stateName(code))).toMatchObject({ outcome: 'found', retry_at: null });
    }
    // Each state's count is what the table shows there.
    const licenses = (await client.get(`/api/v2/reports/${id}/licenses`)).body as { state: string }[];
    for (const state of states) {
      expect(state.licenses, state.state).toBe(licenses.filter((l) => l.state === state.state).length);
      expect(state.hidden, state.state).toBe(0);
    }

    // A license the user hides leaves the count and is counted as hidden, so the state is never
    // taken for one where nothing was found.
    const [shown] = licenses as { id: string; state: string }[];
    if (!shown) throw new Error('no license found');
    expect((await client.request('PATCH', `/api/v2/reports/licenses/${shown.id}`)).status).toBe(200);
    const after = ((await client.get(`/api/v2/reports/${id}/states`)).body.states as StateRow[]).find(
      (s) => s.state === shown.state,
    );
    const before = byName.get(shown.state);
    expect(after).toMatchObject({ licenses: (before?.licenses ?? 0) - 1, hidden: 1 });
  });

  it("is no one else's: another user's report answers 404 like a missing one", async () => {
    const owner = await onPremium();
    const created = await owner.post('/api/v2/reports/', {
      firstName: 'Nobody',
      lastName: 'Atall',
      licenseType: 'MD',
      states: ['Texas'],
    });
    const stranger = await onPremium();
    const notFound = { status: 404, body: { detail: MESSAGES.reports.notFound, code: 'NOT_FOUND' } };
    expect(await stranger.get(`/api/v2/reports/${created.body.id}/states`)).toMatchObject(notFound);
    expect(await stranger.get('/api/v2/reports/00000000-0000-0000-0000-000000000000/states')).toMatchObject(notFound);
  });
});
