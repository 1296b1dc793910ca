import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stateName } from '@licensewatch/shared/states';
import { NODE_VERIFY_SAMPLE } from '@licensewatch/shared/webhook-verify-samples';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateReport } from '../src/modules/reports/update/update-report.ts';
import { signedInOnPlan, waitFor } from './support/accounts.ts';
import { createReportAndWait, reportBodyFor } from './support/reports.ts';
import { pickPhysician, type SimulatedBoards, withSimulatedBoards } from './support/simulated-boards.ts';
import type { TestServer } from './support/test-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.ts';

let server: TestServer;
let boards: SimulatedBoards;
withSimulatedBoards({ size: 600, seed: 19 }, (running) => {
  ({ server, boards } = running);
});
let receiver: WebhookReceiver;
let verify: (rawBody: string, header: string, secret: string) => boolean;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const dir = mkdtempSync(join(tmpdir(), 'lw-verify-'));
  writeFileSync(join(dir, 'verify.mjs'), NODE_VERIFY_SAMPLE);
  ({ verifyLicenseWatchSignature: verify } = await import(pathToFileURL(join(dir, 'verify.mjs')).href));
});
afterAll(async () => {
  await receiver?.close();
});

describe('webhooks from a report update', () => {
  it('sends license.found for each license the update attaches and report.updated when it finishes', async () => {
    const owner = await signedInOnPlan(server);
    const created = await owner.client.post('/api/v2/webhooks/endpoints', {
      url: receiver.url('/report'),
      events: ['license.found', 'report.updated'],
    });
    expect(created.status).toBe(201);
    const physician = pickPhysician(boards.persons, { minLicenses: 3 });
    const reportId = await createReportAndWait(owner.client, reportBodyFor(physician));
    const licenses = (await owner.client.get(`/api/v2/reports/${reportId}/licenses`)).body as {
      license_number: string;
    }[];
    expect(licenses.length).toBeGreaterThanOrEqual(3);

    const updated = await receiver.waitFor((r) => r.headers['licensewatch-event'] === 'report.updated', 30_000);
    expect(JSON.parse(updated.body)).toMatchObject({ type: 'report.updated', data: { report: { id: reportId } } });
    const found = () =>
      receiver.received
        .filter((r) => r.path === '/report' && r.headers['licensewatch-event'] === 'license.found')
        .map((r) => JSON.parse(r.body));
    const until = Date.now() + 30_000;
    while (found().length < licenses.length && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    expect(
      found()
        .map((e) => e.data.license.license_number)
        .sort(),
    ).toEqual(licenses.map((l) => l.license_number).sort());
    expect(new Set(found().map((e) => e.data.report.id))).toEqual(new Set([reportId]));
    for (const r of receiver.received) {
      expect(verify(r.body, String(r.headers['licensewatch-signature']), created.body.secret)).toBe(true);
    }
  }, 120_000);

  it('sends license.found when the user confirms a possible match, once however often confirmed', async () => {
    const owner = await signedInOnPlan(server);
    const physician = pickPhysician(boards.persons, { minLicenses: 2 });
    const [first, second] = physician.licenses;
    // A report on the first license's state; the second license offered as a possible match, as
    // the matcher leaves a namesake's row it cannot tell apart.
    const reportId = await createReportAndWait(owner.client, {
      firstName: physician.firstName,
      middleName: physician.middleName,
      lastName: physician.lastName,
      licenseType: first?.licenseType,
      states: [stateName(first?.jurisdiction ?? 'TX')],
    });
    const { rows } = await server.ctx.db.execute<{ id: string }>(sql`
      INSERT INTO report_candidate (report_id, license_id, state, kind, confidence, match_reason)
      SELECT ${reportId}, l.id, l.jurisdiction, 'namesake', 0.7, 'same name as another physician'
      FROM license l WHERE l.board_id = ${second?.boardId} AND l.license_number = ${second?.licenseNumber}
      RETURNING id`);
    const candidateId = rows[0]?.id;
    expect(candidateId).toBeDefined();
    // Subscribed after the report's own update, so that the confirmation is the only license found.
    const created = await owner.client.post('/api/v2/webhooks/endpoints', {
      url: receiver.url('/confirmed'),
      events: ['license.found'],
    });
    expect(created.status).toBe(201);

    for (let i = 0; i < 2; i++) {
      const confirmed = await owner.client.patch(`/api/v2/reports/candidates/${candidateId}/confirm`);
      expect(confirmed.status).toBeLessThan(300);
    }
    const event = await receiver.waitFor((r) => r.path === '/confirmed', 30_000);
    expect(JSON.parse(event.body)).toMatchObject({
      type: 'license.found',
      data: { report: { id: reportId }, license: { license_number: second?.licenseNumber } },
    });
    expect(verify(event.body, String(event.headers['licensewatch-signature']), created.body.secret)).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.received.filter((r) => r.path === '/confirmed')).toHaveLength(1);
  }, 120_000);

  it("sends one report.updated when two runs of one update overlap (a dead worker's job retried beside its resumption)", async () => {
    const owner = await signedInOnPlan(server);
    const created = await owner.client.post('/api/v2/webhooks/endpoints', {
      url: receiver.url('/overlap'),
      events: ['report.updated'],
    });
    expect(created.status).toBe(201);
    const physician = pickPhysician(boards.persons, { minLicenses: 3 });
    // Boards slow enough that the job's run and this test's run are matching at the same time.
    await boards.setFaults({ latencyMs: 300 });
    try {
      const res = await owner.client.post('/api/v2/reports/', reportBodyFor(physician));
      expect(res.status).toBe(201);
      const reportId = res.body.id as string;
      await updateReport(server.ctx, reportId);
      await waitFor(
        `report ${reportId} to finish updating`,
        async () => (await owner.client.get(`/api/v2/states/update-status/${reportId}`)).body.is_completed,
      );
      // Both runs have ended once the job is no longer pending.
      await waitFor('the update job to end', async () => (await server.ctx.jobs.pending('updateReport')) === 0);
      const { rows } = await server.ctx.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM webhook_delivery WHERE event_type = 'report.updated' AND payload->'data'->'report'->>'id' = $1`,
        [reportId],
      );
      expect(rows[0]?.n).toBe(1);
    } finally {
      await boards.clearFaults();
    }
  }, 120_000);
});
