import { stateName } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { GroundTruthPerson } from '../src/modules/licensing/matching/evaluate-accuracy.ts';
import { signedInOnPlan, waitFor } from './support/accounts.ts';
import { importRosterAndWait } from './support/roster-imports.ts';
import { pickPhysician, type SimulatedBoards, withSimulatedBoards } from './support/simulated-boards.ts';
import type { TestServer } from './support/test-server.ts';

// A roster import's reports are matched in every state in one step (match-report-states.ts,
// allAtOnce): every look-up board searched at once, one registry match, one transaction settling
// every state. This checks that they find exactly what a report made by hand finds.
let server: TestServer;
let boards: SimulatedBoards;
withSimulatedBoards({ size: 600, seed: 23 }, (running) => {
  ({ server, boards } = running);
});

describe('roster import matching', () => {
  it('finds every license of each imported physician, every state settled in one step, and re-importing changes nothing', async () => {
    const { client } = await signedInOnPlan(server, { planName: 'enterprise' });
    const people: GroundTruthPerson[] = [];
    for (let i = 0; i < 3; i++) people.push(pickPhysician(boards.persons.filter((p) => !people.includes(p))));
    const [first, second, third] = people as [GroundTruthPerson, GroundTruthPerson, GroundTruthPerson];
    // Two without states (every state), one with its own states only.
    const csv = [
      'First name,Middle name,Last name,License type,States,Internal id',
      `${first.firstName},${first.middleName ?? ''},${first.lastName},${first.licenses[0]?.licenseType},,A-1`,
      `${second.firstName},${second.middleName ?? ''},${second.lastName},${second.licenses[0]?.licenseType},,A-2`,
      `${third.firstName},${third.middleName ?? ''},${third.lastName},${third.licenses[0]?.licenseType},"${third.licenses
        .map((l) => stateName(l.jurisdiction))
        .join('; ')}",A-3`,
    ].join('\n');
    expect(await importRosterAndWait(client, csv)).toMatchObject({ status: 'done', created: 3 });
    const reports = (await client.get('/api/v1/reports/')).body as { id: string }[];
    expect(reports).toHaveLength(3);
    // 60 s: three 51-state updates through the simulator, with the machine busy.
    for (const r of reports)
      await waitFor(
        `report ${r.id} to complete`,
        async () => (await client.get(`/api/v2/states/update-status/${r.id}`)).body.is_completed,
        600,
      );

    for (const [i, person] of people.entries()) {
      const { rows } = await server.ctx.db.execute<{ id: string; states: number; moments: number }>(sql`
        SELECT r.id, count(*)::int AS states, count(DISTINCT s.checked_at)::int AS moments
        FROM report r JOIN report_state s ON s.report_id = r.id AND s.status = 'done'
        WHERE r.external_id = ${`A-${i + 1}`} AND r.id = ANY(${sql.param(reports.map((r) => r.id))}::text[])
        GROUP BY r.id`);
      const row = rows[0];
      expect(row?.states).toBe(i < 2 ? 51 : new Set(person.licenses.map((l) => l.jurisdiction)).size);
      // Settled in one transaction: one moment for every state.
      expect(row?.moments).toBe(1);
      const licenses = (await client.get(`/api/v2/reports/${row?.id}/licenses`)).body as {
        state: string;
        license_number: string;
      }[];
      expect(licenses.map((l) => `${l.state} ${l.license_number}`).sort()).toEqual(
        person.licenses.map((l) => `${stateName(l.jurisdiction)} ${l.licenseNumber}`).sort(),
      );
    }

    const done = await importRosterAndWait(client, csv);
    expect(done).toMatchObject({ created: 0, updated: 0, unchanged: 3, failed: 0 });
  }, 180_000);

  it('matches a physician again under the name a corrected roster gives, in the states already searched', async () => {
    const { client } = await signedInOnPlan(server, { planName: 'enterprise' });
    const person = pickPhysician(
      boards.persons.filter((p) => p.firstName !== 'Zebulon'),
      { minLicenses: 2 },
    );
    const states = `"${person.licenses.map((l) => stateName(l.jurisdiction)).join('; ')}"`;
    const rowWith = (firstName: string) =>
      [
        'First name,Middle name,Last name,License type,States,Internal id',
        `${firstName},${person.middleName ?? ''},${person.lastName},${person.licenses[0]?.licenseType},${states},R-1`,
      ].join('\n');
    const importAndWait = (csv: string) => importRosterAndWait(client, csv);
    const licensesOf = async (id: string) =>
      ((await client.get(`/api/v2/reports/${id}/licenses`)).body as { state: string; license_number: string }[])
        .map((l) => `${l.state} ${l.license_number}`)
        .sort();

    // A first name nobody on the boards has: the states are searched and nothing is found.
    expect(await importAndWait(rowWith('Zebulon'))).toMatchObject({ created: 1 });
    const [report] = (await client.get('/api/v1/reports/')).body as { id: string }[];
    const id = report?.id as string;
    await waitFor(
      'the first update',
      async () => (await client.get(`/api/v2/states/update-status/${id}`)).body.is_completed,
      600,
    );
    expect(await licensesOf(id)).toEqual([]);

    // The corrected roster renames the report: its states are searched again under the new name.
    expect(await importAndWait(rowWith(person.firstName))).toMatchObject({ updated: 1 });
    const expected = person.licenses.map((l) => `${stateName(l.jurisdiction)} ${l.licenseNumber}`).sort();
    await waitFor(
      "the physician's licenses under the corrected name",
      async () =>
        (await client.get(`/api/v2/states/update-status/${id}`)).body.is_completed &&
        JSON.stringify(await licensesOf(id)) === JSON.stringify(expected),
      600,
    );
  }, 180_000);
});
