import { MESSAGES } from '@licensewatch/shared/messages';
import type { ReportCandidate } from '@licensewatch/shared/reports';
import { stateName } from '@licensewatch/shared/states';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroundTruthPerson } from '../src/modules/licensing/matching/evaluate-accuracy.ts';
import { normalizeNamePart } from '../src/modules/licensing/normalize-name.ts';
import { assignPlan } from '../src/modules/plans/assign-plan.ts';
import { refreshReport } from '../src/modules/reports/update/refresh-report.ts';
import { signedInOnPlan } from './support/accounts.ts';
import type { HttpClient } from './support/http-client.ts';
import { createReportAndWait, reportBodyFor } from './support/reports.ts';
import {
  BULK_BOARDS,
  pickPhysician,
  readByMachine,
  type SimulatedBoards,
  withSimulatedBoards,
} from './support/simulated-boards.ts';
import type { TestServer } from './support/test-server.ts';

let server: TestServer;
let boards: SimulatedBoards;
withSimulatedBoards({ size: 1500, seed: 42 }, (running) => {
  ({ server, boards } = running);
});

type Account = { client: HttpClient; userId: string };
type StateRow = { state: string; outcome: string; licenses: number; to_review: number };
type LicenseRow = { id: string; license_number: string; state: string };

/**
 * Two or more physicians of one license type sharing first and last name, each with a different
 * middle name and numbered licenses: a query without a middle name fits them all alike, so the
 * report must offer their licenses for review instead of attaching any.
 */
function namesakes(persons: readonly GroundTruthPerson[]): GroundTruthPerson[] {
  const groups = new Map<string, GroundTruthPerson[]>();
  for (const p of persons) {
    const type = p.licenses[0]?.licenseType;
    if (!type || p.suffix || !p.middleName) continue;
    if (!p.licenses.every((l) => l.licenseNumber && l.licenseType === type)) continue;
    // A license on a board verified by hand is never found by a machine: no namesake to match there.
    if (!readByMachine(p)) continue;
    const key = `${normalizeNamePart(p.firstName)}|${normalizeNamePart(p.lastName)}|${type}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  for (const group of groups.values()) {
    const middles = new Set(group.map((p) => normalizeNamePart(p.middleName).charAt(0)));
    const licenses = group.reduce((n, p) => n + p.licenses.length, 0);
    // One of them known only to look-up boards (the test below makes those boards answer last).
    const lookupOnly = group.some((p) => p.licenses.every((l) => !BULK_BOARDS.has(l.boardId)));
    if (group.length >= 2 && middles.size === group.length && licenses >= 4 && lookupOnly) return group;
  }
  throw new Error('no namesakes in the simulator');
}

/**
 * Two physicians of one type with the same last name and first initial but different first names
 * (Tariq and Theodore Gupta): the first without a middle name and with a license on a board with a
 * bulk file, the second only on look-up boards, which the registry learns of only when a report
 * searches them.
 */
function initialNamesakes(persons: readonly GroundTruthPerson[]) {
  const usable = persons.filter(
    (p) =>
      !p.suffix &&
      p.licenses.length > 0 &&
      readByMachine(p) &&
      p.licenses.every((l) => l.licenseNumber && l.licenseType === 'MD'),
  );
  const key = (p: GroundTruthPerson) => `${normalizeNamePart(p.lastName)}|${normalizeNamePart(p.firstName).charAt(0)}`;
  const groups = new Map<string, GroundTruthPerson[]>();
  for (const p of usable) groups.set(key(p), [...(groups.get(key(p)) ?? []), p]);
  const sharing = new Map<string, number>();
  for (const p of persons) sharing.set(key(p), (sharing.get(key(p)) ?? 0) + 1);
  for (const [name, group] of groups) {
    if (group.length !== 2 || sharing.get(name) !== 2) continue;
    const inBulkFile = group.find((p) => !p.middleName && p.licenses.some((l) => BULK_BOARDS.has(l.boardId)));
    const lookupOnly = group.find((p) => p.licenses.every((l) => !BULK_BOARDS.has(l.boardId)));
    if (inBulkFile && lookupOnly && inBulkFile !== lookupOnly && inBulkFile.firstName !== lookupOnly.firstName) {
      return { inBulkFile, lookupOnly };
    }
  }
  throw new Error('no namesakes by initial in the simulator');
}

describe('possible matches for review', () => {
  let owner: Account;
  let reportId: string;
  let candidates: ReportCandidate[];
  const group = () => namesakes(boards.persons);
  /** The namesakes' shared first and last name, without a middle name, in all their states. */
  const namesakeReport = () => {
    const [first] = group();
    if (!first) throw new Error('no namesake');
    return {
      firstName: first.firstName,
      lastName: first.lastName,
      licenseType: first.licenses[0]?.licenseType,
      states: [...new Set(group().flatMap((p) => p.licenses.map((l) => stateName(l.jurisdiction))))],
    };
  };

  beforeAll(async () => {
    owner = await signedInOnPlan(server);
    // A namesake known only to look-up boards, whose boards answer last: the others' states are
    // matched while the registry does not yet know him, and what is settled then must not be
    // attached as the only such name on record.
    const last = group().find((p) => p.licenses.every((l) => !BULK_BOARDS.has(l.boardId)));
    if (!last) throw new Error('no namesake only on look-up boards');
    for (const boardId of new Set(last.licenses.map((l) => l.boardId))) {
      await boards.setFaults({ boardId, latencyMs: 1500, lastName: last.lastName });
    }
    try {
      reportId = await createReportAndWait(owner.client, namesakeReport());
    } finally {
      await boards.clearFaults();
    }
    const res = await owner.client.get(`/api/v2/reports/${reportId}/candidates`);
    expect(res.status).toBe(200);
    candidates = res.body;
  });

  it('are listed with why, never attached, and each state with only candidates reads "to review"', async () => {
    expect(candidates.length).toBeGreaterThanOrEqual(2);
    const numbers = new Set(group().flatMap((p) => p.licenses.map((l) => l.licenseNumber)));
    for (const candidate of candidates) {
      expect(numbers.has(candidate.license_number), candidate.license_number).toBe(true);
      expect(candidate.confidence).toBeLessThan(0.8);
      expect(candidate.why).toMatch(/\.$/);
    }
    expect(candidates.some((c) => c.kind === 'namesake' && c.why.startsWith('Another physician on record'))).toBe(true);
    const licenses = (await owner.client.get(`/api/v2/reports/${reportId}/licenses`)).body as LicenseRow[];
    const tracked = new Set(licenses.map((l) => l.license_number));
    for (const candidate of candidates) expect(tracked.has(candidate.license_number)).toBe(false);
    // Each one waiting for the user counts under the report's Needs attention.
    const report = (await owner.client.get(`/api/v1/reports/${reportId}`)).body;
    expect(report.attention.matches).toBe(candidates.length);

    const states = (await owner.client.get(`/api/v2/reports/${reportId}/states`)).body.states as StateRow[];
    for (const state of states) {
      const waiting = candidates.filter((c) => c.state === state.state).length;
      expect(state.to_review, state.state).toBe(waiting);
      if (state.licenses === 0 && waiting > 0) expect(state.outcome, state.state).toBe('to_review');
    }
  });

  it("are no one else's: another user's candidate or report answers 404, and nothing changes", async () => {
    const open = (await owner.client.get(`/api/v2/reports/${reportId}/candidates`)).body as ReportCandidate[];
    const [target] = open;
    if (!target) throw new Error('no candidate left');
    const stranger = await signedInOnPlan(server);
    const notFound = { status: 404, body: { detail: MESSAGES.reports.candidateNotFound, code: 'NOT_FOUND' } };
    for (const action of ['confirm', 'reject', 'reopen']) {
      expect(await stranger.client.request('PATCH', `/api/v2/reports/candidates/${target.id}/${action}`)).toMatchObject(
        notFound,
      );
      // The same answer as for an id that does not exist.
      expect(await stranger.client.request('PATCH', `/api/v2/reports/candidates/nope/${action}`)).toMatchObject(
        notFound,
      );
    }
    expect(await stranger.client.get(`/api/v2/reports/${reportId}/candidates`)).toMatchObject({
      status: 404,
      body: { detail: MESSAGES.reports.notFound, code: 'NOT_FOUND' },
    });
    const after = (await owner.client.get(`/api/v2/reports/${reportId}/candidates`)).body as ReportCandidate[];
    expect(after).toEqual(open);
  });
  it('a confirmed one is tracked from then on: in the table, the counts and its state', async () => {
    const [chosen] = candidates;
    if (!chosen) throw new Error('no candidate');
    const before = (await owner.client.get(`/api/v1/reports/${reportId}`)).body.total_license as number;
    const confirmed = await owner.client.request('PATCH', `/api/v2/reports/candidates/${chosen.id}/confirm`);
    expect(confirmed).toMatchObject({ status: 200, body: { id: chosen.id, status: 'confirmed' } });
    // Twice is not an error.
    expect((await owner.client.request('PATCH', `/api/v2/reports/candidates/${chosen.id}/confirm`)).status).toBe(200);

    const licenses = (await owner.client.get(`/api/v2/reports/${reportId}/licenses`)).body as LicenseRow[];
    expect(licenses.map((l) => l.license_number)).toContain(chosen.license_number);
    const report = (await owner.client.get(`/api/v1/reports/${reportId}`)).body;
    expect(report.total_license).toBe(before + 1);
    expect(report.total_license).toBe(licenses.length);
    const left = (await owner.client.get(`/api/v2/reports/${reportId}/candidates`)).body as ReportCandidate[];
    expect(left.map((c) => c.id)).not.toContain(chosen.id);
    const states = (await owner.client.get(`/api/v2/reports/${reportId}/states`)).body.states as StateRow[];
    expect(states.find((s) => s.state === chosen.state)).toMatchObject({ outcome: 'found' });

    // Re-matching keeps it tracked and does not offer it again.
    await refreshReport(server.ctx, reportId);
    const refreshed = (await owner.client.get(`/api/v2/reports/${reportId}/licenses`)).body as LicenseRow[];
    expect(refreshed.map((l) => l.license_number)).toContain(chosen.license_number);
    const again = (await owner.client.get(`/api/v2/reports/${reportId}/candidates`)).body as ReportCandidate[];
    expect(again.map((c) => c.license_number)).not.toContain(chosen.license_number);
  });

  it('a rejected one is never shown again for the report, not even after a refresh', async () => {
    const [, rejected] = candidates;
    if (!rejected) throw new Error('no second candidate');
    const res = await owner.client.request('PATCH', `/api/v2/reports/candidates/${rejected.id}/reject`);
    expect(res).toMatchObject({ status: 200, body: { id: rejected.id, status: 'rejected' } });
    const left = () =>
      owner.client
        .get(`/api/v2/reports/${reportId}/candidates`)
        .then((r) => (r.body as ReportCandidate[]).map((c) => c.license_number));
    expect(await left()).not.toContain(rejected.license_number);
    await refreshReport(server.ctx, reportId);
    expect(await left()).not.toContain(rejected.license_number);
    const licenses = (await owner.client.get(`/api/v2/reports/${reportId}/licenses`)).body as LicenseRow[];
    expect(licenses.map((l) => l.license_number)).not.toContain(rejected.license_number);
    // A rejected candidate cannot be confirmed afterwards.
    expect(await owner.client.request('PATCH', `/api/v2/reports/candidates/${rejected.id}/confirm`)).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', detail: MESSAGES.reports.candidateNotFound },
    });

    // Undo: offered for review again, and counted as waiting again; twice changes nothing.
    const waiting = async () => (await owner.client.get(`/api/v1/reports/${reportId}`)).body.attention.matches;
    const before = await waiting();
    const reopened = await owner.client.request('PATCH', `/api/v2/reports/candidates/${rejected.id}/reopen`);
    expect(reopened).toMatchObject({ status: 200, body: { id: rejected.id, status: 'open' } });
    expect((await owner.client.request('PATCH', `/api/v2/reports/candidates/${rejected.id}/reopen`)).status).toBe(200);
    expect(await left()).toContain(rejected.license_number);
    expect(await waiting()).toBe(before + 1);
    // Rejected again, it stays rejected through a refresh.
    await owner.client.request('PATCH', `/api/v2/reports/candidates/${rejected.id}/reject`);
    await refreshReport(server.ctx, reportId);
    expect(await left()).not.toContain(rejected.license_number);
  });

  it("confirming is refused when the plan's tracked-license limit is full, and the candidate stays", async () => {
    // This account's first report tracks three licenses or more; on Free, which tracks one, the
    // second report's candidates cannot be taken in.
    const account = await signedInOnPlan(server);
    const tracked = pickPhysician(boards.persons, { minLicenses: 3 });
    await createReportAndWait(account.client, reportBodyFor(tracked));
    const second = await createReportAndWait(account.client, namesakeReport());
    const [next] = (await account.client.get(`/api/v2/reports/${second}/candidates`)).body as ReportCandidate[];
    if (!next) throw new Error('no candidate');
    await assignPlan(server.ctx.db, { userId: account.userId, planName: 'free', trial: false, reason: 'plan-change' });
    const refused = await account.client.request('PATCH', `/api/v2/reports/candidates/${next.id}/confirm`);
    expect(refused).toMatchObject({
      status: 403,
      body: { code: 'PLAN_LIMIT', detail: MESSAGES.reports.confirmOverLimit('Free', 1) },
    });
    const still = (await account.client.get(`/api/v2/reports/${second}/candidates`)).body as ReportCandidate[];
    expect(still.map((c) => c.id)).toContain(next.id);
    const licenses = (await account.client.get(`/api/v2/reports/${second}/licenses`)).body as LicenseRow[];
    expect(licenses.map((l) => l.license_number)).not.toContain(next.license_number);
  });
});

// Last: its report's look-ups add rows to the shared registry, which the namesakes above do not expect.
describe('a first initial two physicians share', () => {
  it('is offered for review, never attached because the other was not yet on record', async () => {
    const { inBulkFile, lookupOnly } = initialNamesakes(boards.persons);
    const { client } = await signedInOnPlan(server);
    const id = await createReportAndWait(client, {
      firstName: inBulkFile.firstName.charAt(0),
      lastName: inBulkFile.lastName,
      licenseType: 'MD',
      states: [...new Set([...inBulkFile.licenses, ...lookupOnly.licenses].map((l) => stateName(l.jurisdiction)))],
    });
    const licenses = (await client.get(`/api/v2/reports/${id}/licenses`)).body as LicenseRow[];
    expect(licenses).toEqual([]);
    const candidates = (await client.get(`/api/v2/reports/${id}/candidates`)).body as ReportCandidate[];
    const fromBulkFile = inBulkFile.licenses.find((l) => BULK_BOARDS.has(l.boardId));
    expect(candidates.map((c) => c.license_number)).toContain(fromBulkFile?.licenseNumber);
  });
});
