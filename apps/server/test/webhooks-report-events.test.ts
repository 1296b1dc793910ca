import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stateName } from '@licensewatch/shared/states';
import { NODE_VERIFY_SAMPLE } from '@licensewatch/shared/webhook-verify-samples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOnPlan } from './support/accounts.ts';
import { createReportAndWait } from './support/reports.ts';
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
    const reportId = await createReportAndWait(owner.client, {
      firstName: physician.firstName,
      middleName: physician.middleName,
      lastName: physician.lastName,
      licenseType: physician.licenses[0]?.licenseType,
      states: physician.licenses.map((l) => stateName(l.jurisdiction)),
    });
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
});
