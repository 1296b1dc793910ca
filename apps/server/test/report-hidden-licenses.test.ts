import { MESSAGES } from '@licensewatch/shared/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignPlan } from '../src/modules/plans/assign-plan.ts';
import { refreshReport } from '../src/modules/reports/update/refresh-report.ts';
import { signedInOnPlan } from './support/accounts.ts';
import type { HttpClient } from './support/http-client.ts';
import { createReportAndWait, reportBodyFor } from './support/reports.ts';
import { pickPhysician, type SimulatedBoards, withSimulatedBoards } from './support/simulated-boards.ts';
import type { TestServer } from './support/test-server.ts';

let server: TestServer;
let boards: SimulatedBoards;
withSimulatedBoards({ size: 1500, seed: 42 }, (running) => {
  ({ server, boards } = running);
});

type Account = { client: HttpClient; userId: string };
type LicenseRow = { id: string; license_number: string };

/** Moves the account to another plan (Free: one tracked license), as billing would. */
async function movePlan(account: Account, planName: 'premium' | 'free') {
  await assignPlan(server.ctx.db, {
    userId: account.userId,
    planName,
    trial: false,
    endDate: planName === 'free' ? undefined : new Date(Date.now() + 30 * 86_400_000),
    reason: 'plan-change',
  });
}

async function reportWithLicenses(account: Account) {
  const physician = pickPhysician(boards.persons, { minLicenses: 3 });
  const id = await createReportAndWait(account.client, reportBodyFor(physician));
  const licenses = (await account.client.get(`/api/v2/reports/${id}/licenses`)).body as LicenseRow[];
  expect(licenses.length).toBeGreaterThanOrEqual(3);
  return { id, licenses };
}

const numbers = (rows: LicenseRow[]) => rows.map((l) => l.license_number).sort();

describe('hidden licenses', () => {
  let owner: Account;
  let reportId: string;
  let licenses: LicenseRow[];
  beforeAll(async () => {
    owner = await signedInOnPlan(server);
    ({ id: reportId, licenses } = await reportWithLicenses(owner));
  });

  it('are listed apart and come back when restored, in the table and the counts', async () => {
    const [first] = licenses;
    if (!first) throw new Error('no license');
    expect((await owner.client.get(`/api/v2/reports/${reportId}/licenses/hidden`)).body).toEqual([]);
    expect((await owner.client.request('PATCH', `/api/v2/reports/licenses/${first.id}`)).status).toBe(200);

    const hidden = await owner.client.get(`/api/v2/reports/${reportId}/licenses/hidden`);
    expect(hidden.status).toBe(200);
    expect(numbers(hidden.body)).toEqual([first.license_number]);
    expect((await owner.client.get(`/api/v1/reports/${reportId}`)).body.total_license).toBe(licenses.length - 1);

    const restored = await owner.client.request('PATCH', `/api/v2/reports/licenses/${first.id}/restore`);
    expect(restored).toMatchObject({ status: 200, body: { id: first.id, hidden: false } });
    // Restoring what is not hidden is not an error, and changes nothing.
    expect((await owner.client.request('PATCH', `/api/v2/reports/licenses/${first.id}/restore`)).status).toBe(200);
    expect((await owner.client.get(`/api/v2/reports/${reportId}/licenses/hidden`)).body).toEqual([]);
    expect(numbers((await owner.client.get(`/api/v2/reports/${reportId}/licenses`)).body)).toEqual(numbers(licenses));
    expect((await owner.client.get(`/api/v1/reports/${reportId}`)).body.total_license).toBe(licenses.length);
    // Tracked again: the daily refresh keeps it.
    await refreshReport(server.ctx, reportId);
    expect((await owner.client.get(`/api/v1/reports/${reportId}`)).body.total_license).toBe(licenses.length);
  });

  it("is refused when the plan's tracked-license limit is full, and the license stays hidden", async () => {
    const [, second] = licenses;
    if (!second) throw new Error('no license');
    expect((await owner.client.request('PATCH', `/api/v2/reports/licenses/${second.id}`)).status).toBe(200);
    // Free tracks one license; this account still tracks the others.
    await movePlan(owner, 'free');
    const refused = await owner.client.request('PATCH', `/api/v2/reports/licenses/${second.id}/restore`);
    expect(refused).toMatchObject({
      status: 403,
      body: { code: 'PLAN_LIMIT', detail: MESSAGES.reports.restoreOverLimit('Free', 1) },
    });
    expect(numbers((await owner.client.get(`/api/v2/reports/${reportId}/licenses/hidden`)).body)).toEqual([
      second.license_number,
    ]);
    await movePlan(owner, 'premium');
    expect((await owner.client.request('PATCH', `/api/v2/reports/licenses/${second.id}/restore`)).status).toBe(200);
  });

  it("are no one else's: another user's report or license answers 404, and nothing changes", async () => {
    const [third] = licenses;
    if (!third) throw new Error('no license');
    expect((await owner.client.request('PATCH', `/api/v2/reports/licenses/${third.id}`)).status).toBe(200);
    const stranger = await signedInOnPlan(server);
    expect(await stranger.client.get(`/api/v2/reports/${reportId}/licenses/hidden`)).toMatchObject({
      status: 404,
      body: { detail: MESSAGES.reports.notFound, code: 'NOT_FOUND' },
    });
    const notFound = { status: 404, body: { detail: MESSAGES.reports.licenseNotFound, code: 'NOT_FOUND' } };
    expect(await stranger.client.request('PATCH', `/api/v2/reports/licenses/${third.id}/restore`)).toMatchObject(
      notFound,
    );
    // The same answer as for an id that does not exist.
    expect(await stranger.client.request('PATCH', '/api/v2/reports/licenses/nope/restore')).toMatchObject(notFound);
    expect(numbers((await owner.client.get(`/api/v2/reports/${reportId}/licenses/hidden`)).body)).toEqual([
      third.license_number,
    ]);
  });
});
