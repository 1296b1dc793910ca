import type { SimExclusion } from '@licensewatch/board-sim/exclusion-list';
import { type BoardSimulator, startBoardSimulator } from '@licensewatch/board-sim/server';
import type { PlanName } from '@licensewatch/shared/plans';
import { stateName as nameOfState, type StateCode } from '@licensewatch/shared/states';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueExclusionAlerts } from '../src/modules/alerts/exclusions/queue-exclusion-alerts.ts';
import { checkSamExclusions } from '../src/modules/exclusions/check-sam-exclusions.ts';
import { ingestExclusionFile } from '../src/modules/exclusions/ingest/ingest-exclusion-file.ts';
import { refreshExclusionLists } from '../src/modules/exclusions/ingest/refresh-exclusion-lists.ts';
import { readLeieFile } from '../src/modules/exclusions/leie/read-leie-file.ts';
import { upsertLookedUpLicenses } from '../src/modules/licensing/upsert-looked-up-licenses.ts';
import { applyRosterUpdate } from '../src/modules/organisations/roster-import/apply-roster-update.ts';
import { assignPlan } from '../src/modules/plans/assign-plan.ts';
import { createWebhookEndpoint } from '../src/modules/webhooks/endpoints/create-webhook-endpoint.ts';
import { waitFor } from './support/accounts.ts';
import type { HttpClient } from './support/http-client.ts';
import { signedInPerson } from './support/identities.ts';
import { pdfText } from './support/pdf-text.ts';
import { type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.ts';
import { rowCounter } from './support/test-database.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let sim: BoardSimulator;
let truth: SimExclusion[];
let smtp: SmtpReceiver;

const leieFile = async (path: string) => {
  const res = await fetch(`${sim.url}/leie/${path}`);
  expect(res.status).toBe(200);
  return readLeieFile([new Uint8Array(await res.arrayBuffer())]);
};
const count = (query: string, params: unknown[] = []) => rowCounter(server.ctx.pool)(query, params);
const title = (name: string | null) => (name ? name[0] + name.slice(1).toLowerCase() : '');
const stateName = (code: string) => nameOfState(code as StateCode);

/** A signed-in account on `planName` (made directly: with SMTP configured, no outbox holds a sign-up link). */
async function signedInOnPlan(_server: TestServer, { planName }: { planName: PlanName }) {
  const person = await signedInPerson(server);
  await assignPlan(server.ctx.db, {
    userId: person.userId,
    planName,
    trial: false,
    endDate: new Date(Date.now() + 30 * 86_400_000),
    reason: 'plan-change',
  });
  return person;
}

/** Creates a report and waits for its update job to have screened it (its LEIE check is set). */
async function createScreenedReport(client: HttpClient, body: object): Promise<string> {
  const created = await client.post('/api/v2/reports/', body);
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  await waitFor(`report ${id} to be screened`, async () => {
    const standing = await client.get(`/api/v2/reports/${id}/exclusions`);
    return standing.body.status !== 'not_checked';
  });
  return id;
}

beforeAll(async () => {
  sim = await startBoardSimulator({ port: 0, seed: 7, size: 2000 });
  smtp = await startSmtpReceiver();
  server = await startTestServer({ SMTP_URL: smtp.url, NPPES_API_URL: `${sim.url}/nppes/api/` });
  server.ctx.exclusions = { leie: { baseUrl: `${sim.url}/leie` }, sam: null };
  truth = (await (await fetch(`${sim.url}/ground-truth/exclusions.json`)).json()) as SimExclusion[];
});
afterAll(async () => {
  await server?.close();
  await sim?.close();
  await smtp?.stop();
});

describe('exclusion lists and screening (docs/exclusions.md)', () => {
  it('reads the full file and the supplements: exclusions listed once, reinstatements dated, nothing doubled on a second read', async () => {
    const first = await refreshExclusionLists(server.ctx);
    expect(first).not.toBeNull();
    const full = first?.full;
    expect(full?.rowsRejected).toBe(0);
    expect(full?.rowsRead).toBeGreaterThanOrEqual(2000);
    expect(full?.eventsRecorded).toBe(full?.rowsRead);
    const reinstated = truth.filter((t) => t.kind === 'reinstated');
    expect(reinstated.length).toBeGreaterThan(0);
    expect(first?.supplements.some((s) => s.kind === 'reinstatements' && s.eventsRecorded > 0)).toBe(true);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM exclusion WHERE source = 'leie' AND rein_date IS NOT NULL AND NOT listed`,
      ),
    ).toBe(reinstated.length);
    expect(await count(`SELECT count(*)::int AS n FROM exclusion_event WHERE kind = 'reinstated'`)).toBe(
      reinstated.length,
    );

    const again = await refreshExclusionLists(server.ctx);
    expect(again?.full.rowsUpserted).toBe(0);
    expect(again?.full.eventsRecorded).toBe(0);
    // Supplements already read are not read again.
    expect(again?.supplements).toEqual([]);
    const runs = await server.ctx.pool.query(
      `SELECT status, rows_rejected FROM exclusion_ingest_run WHERE file_kind = 'full' ORDER BY started_at`,
    );
    expect(runs.rows).toEqual([
      { status: 'succeeded', rows_rejected: 0 },
      { status: 'succeeded', rows_rejected: 0 },
    ]);
  });

  it('counts and reports malformed rows, and withholds delisting when rows were rejected', async () => {
    const listed = await count(`SELECT count(*)::int AS n FROM exclusion WHERE listed`);
    const result = await ingestExclusionFile(server.ctx, {
      file: { kind: 'full', period: null },
      items: await leieFile('UPDATED.csv?malformed=3'),
    });
    expect(result.rowsRejected).toBe(3);
    expect(result.rejections.map((r) => r.reason)).toEqual([
      expect.stringMatching(/expected 18 columns, found 17/),
      expect.stringMatching(/EXCLDATE '2023-13-45' is not a date/),
      expect.stringMatching(/NPI '12345' is not ten digits/),
    ]);
    expect(result.delisted).toBe(0);
    expect(result.delistingsWithheld).toBe(3);
    expect(await count(`SELECT count(*)::int AS n FROM exclusion WHERE listed`)).toBe(listed);
    const run = await server.ctx.pool.query(
      `SELECT status, rows_rejected, jsonb_array_length(rejections) AS kept, error FROM exclusion_ingest_run WHERE id = $1`,
      [result.runId],
    );
    expect(run.rows[0]).toMatchObject({ status: 'warned', rows_rejected: 3, kept: 3 });
  });

  it('fails the whole run on an exclusion type it cannot name, changing nothing', async () => {
    const before = await count(`SELECT count(*)::int AS n FROM exclusion_event`);
    await expect(
      ingestExclusionFile(server.ctx, {
        file: { kind: 'full', period: null },
        items: await leieFile('UPDATED.csv?unknownType=1&rows=3000'),
      }),
    ).rejects.toThrow(/unknown exclusion type '9999z' on line \d+: nothing was changed/);
    expect(await count(`SELECT count(*)::int AS n FROM exclusion_event`)).toBe(before);
    const run = await server.ctx.pool.query(
      `SELECT status, error FROM exclusion_ingest_run WHERE file_kind = 'full' ORDER BY started_at DESC LIMIT 1`,
    );
    expect(run.rows[0]).toMatchObject({ status: 'failed', error: expect.stringMatching(/9999z/) });
  });

  it('confirms an exclusion by NPI, and puts a name-only match up for review, kept with who decided and when', async () => {
    const { client, userId } = await signedInOnPlan(server, { planName: 'premium' });
    const excluded = truth.find((t) => t.kind === 'excluded' && t.npi);
    const namesake = truth.find((t) => t.kind === 'namesake');
    if (!excluded || !namesake) throw new Error('the simulator lists no excluded physician with an NPI or no namesake');

    // The license type NPPES gives the physician, as the new-report form's look-up fills it in.
    const lookedUp = await client.get(`/api/v2/reports/npi/${excluded.npi}`);
    expect(lookedUp.status).toBe(200);
    const excludedReport = await createScreenedReport(client, {
      firstName: title(excluded.firstName),
      lastName: title(excluded.lastName),
      licenseType: lookedUp.body.license_type,
      states: [stateName(excluded.state)],
    });
    // Name and state alone: a possible match until the NPI settles it.
    let standing = await client.get(`/api/v2/reports/${excludedReport}/exclusions`);
    expect(standing.status).toBe(200);
    expect(standing.body.status).toBe('possible_match');
    // NPPES proposes the NPI from the name, license type and states.
    const suggested = await client.get(`/api/v2/reports/${excludedReport}/npi-suggestions`);
    expect(suggested.status).toBe(200);
    expect(suggested.body).toContainEqual(expect.objectContaining({ npi: excluded.npi, states_in_report: 1 }));

    const bad = await client.patch(`/api/v2/reports/${excludedReport}/npi`, { npi: '1234567890' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/valid 10-digit NPI/);
    const set = await client.patch(`/api/v2/reports/${excludedReport}/npi`, { npi: excluded.npi });
    expect(set.status).toBe(200);
    standing = await client.get(`/api/v2/reports/${excludedReport}/exclusions`);
    expect(standing.body).toMatchObject({
      status: 'excluded',
      sources: [
        { name: 'LEIE', state: 'checked', checked_at: expect.any(String) },
        { name: 'SAM', state: 'not_configured', checked_at: null },
      ],
    });
    // The report counts the exclusion under Needs attention, on top of its licenses' own.
    const report = (await client.get(`/api/v1/reports/${excludedReport}`)).body;
    expect(report.attention).toMatchObject({ excluded: true, exclusion_reviews: 0 });
    expect(report.needs_attention).toBe(
      1 + report.needs_attention_license + report.attention.matches + report.attention.verifications_due,
    );
    expect(standing.body.matches).toEqual([
      expect.objectContaining({
        source: 'LEIE',
        basis: 'npi',
        status: 'confirmed',
        npi: excluded.npi,
        excluded_on: excluded.exclDate,
        type: excluded.exclType,
        type_label: expect.stringMatching(/^1128|^Breach|^1156/),
      }),
    ]);

    const namesakeReport = await createScreenedReport(client, {
      firstName: title(namesake.firstName),
      lastName: title(namesake.lastName),
      licenseType: 'MD',
      states: [stateName(namesake.state)],
    });
    standing = await client.get(`/api/v2/reports/${namesakeReport}/exclusions`);
    expect(standing.body.status).toBe('possible_match');
    const match = standing.body.matches.find((m: { basis: string }) => m.basis === 'name');
    expect(match).toMatchObject({ status: 'possible', specialty: namesake.specialty, city: namesake.city });

    const attention = async () =>
      (await client.get(`/api/v1/reports/${namesakeReport}`)).body.attention.exclusion_reviews;
    expect(await attention()).toBe(1);
    const dismissed = await client.patch(`/api/v2/reports/exclusion-matches/${match.id}/dismiss`);
    expect(dismissed.status).toBe(200);
    expect(dismissed.body).toEqual({ id: match.id, status: 'dismissed' });
    const twice = await client.patch(`/api/v2/reports/exclusion-matches/${match.id}/confirm`);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('EXCLUSION_MATCH_DECIDED');
    standing = await client.get(`/api/v2/reports/${namesakeReport}/exclusions`);
    expect(standing.body.status).toBe('not_excluded');
    expect(standing.body.matches[0]).toMatchObject({ status: 'dismissed', decided_at: expect.any(String) });
    expect(await attention()).toBe(0);
    const decided = await server.ctx.pool.query('SELECT decided_by FROM exclusion_match WHERE id = $1', [match.id]);
    expect(decided.rows[0]?.decided_by).toBe(userId);

    // A dismissed entry stays dismissed when the lists are screened again.
    await refreshExclusionLists(server.ctx);
    standing = await client.get(`/api/v2/reports/${namesakeReport}/exclusions`);
    expect(standing.body.status).toBe('not_excluded');

    // Another workspace cannot read or decide them.
    const { client: other } = await signedInOnPlan(server, { planName: 'premium' });
    expect((await other.get(`/api/v2/reports/${namesakeReport}/exclusions`)).status).toBe(404);
    expect((await other.patch(`/api/v2/reports/exclusion-matches/${match.id}/confirm`)).status).toBe(404);
  });

  it('checks SAM.gov once a day per physician, stores what it lists, and shows a failing check as stale with its last success', async () => {
    const { client, email } = await signedInOnPlan(server, { planName: 'premium' });
    const onSam = truth.find((t) => t.kind === 'excluded' && t.onSam && t.npi && t.firstName && !t.middleName);
    if (!onSam) throw new Error('the simulator lists no excluded physician on SAM');
    server.ctx.exclusions = {
      leie: { baseUrl: `${sim.url}/leie` },
      sam: { baseUrl: `${sim.url}/sam`, apiKey: 'test', dailyRequests: 900 },
    };
    const id = await createScreenedReport(client, {
      firstName: title(onSam.firstName),
      lastName: title(onSam.lastName),
      licenseType: 'MD',
      states: [stateName(onSam.state)],
      npi: onSam.npi,
    });
    const standing = await waitFor('the SAM check', async () => {
      const read = await client.get(`/api/v2/reports/${id}/exclusions`);
      return read.body.sources[1].state === 'checked' ? read.body : null;
    });
    expect(standing.status).toBe('excluded');
    expect(standing.matches.map((m: { source: string; basis: string }) => `${m.source}:${m.basis}`).sort()).toEqual([
      'LEIE:npi',
      'SAM:npi',
    ]);

    // Checked today: not asked again.
    expect(await checkSamExclusions(server.ctx, { reportIds: [id] })).toEqual({ checked: 0, failed: 0, skipped: 0 });

    // One exclusion on both lists is one alert, however the two checks fell (docs/exclusions.md, Alerts).
    await queueExclusionAlerts(server.ctx);
    await queueExclusionAlerts(server.ctx);
    const alerts = () => smtp.messages.filter((m) => m.to.includes(email) && /exclusion/i.test(m.subject));
    await smtp.waitFor(
      (m) => m.to.includes(email) && /is on the (LEIE|SAM|LEIE and SAM) exclusion lists?$/.test(m.subject),
      20_000,
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(alerts()).toHaveLength(1);
    // An end on one list while the other still excludes the physician is no end: told when both have ended.
    const ends = async (source: string) => {
      await server.ctx.pool.query(
        `UPDATE exclusion SET rein_date = current_date, listed = false
         WHERE source = $2 AND id IN (SELECT exclusion_id FROM exclusion_match WHERE report_id = $1)`,
        [id, source],
      );
      await queueExclusionAlerts(server.ctx);
    };
    await ends('leie');
    await new Promise((r) => setTimeout(r, 500));
    expect(alerts()).toHaveLength(1);
    await ends('sam');
    const ended = await smtp.waitFor((m) => m.to.includes(email) && /exclusion has ended/.test(m.subject), 20_000);
    expect(ended.subject).toMatch(/exclusion has ended \(SAM\)$/);
    await new Promise((r) => setTimeout(r, 500));
    expect(alerts()).toHaveLength(2);
    await server.ctx.pool.query(
      `UPDATE exclusion SET rein_date = NULL, listed = true
       WHERE id IN (SELECT exclusion_id FROM exclusion_match WHERE report_id = $1)`,
      [id],
    );

    // SAM refuses (its rate limit): the check is stale, keeping the last success, never clear.
    server.ctx.exclusions = {
      leie: { baseUrl: `${sim.url}/leie` },
      sam: { baseUrl: `${sim.url}/sam`, apiKey: 'rate-limited', dailyRequests: 900 },
    };
    await server.ctx.pool.query(
      `UPDATE exclusion_check SET attempted_at = now() - interval '2 days', checked_at = now() - interval '2 days'
       WHERE report_id = $1 AND source = 'sam'`,
      [id],
    );
    expect(await checkSamExclusions(server.ctx, { reportIds: [id] })).toMatchObject({ checked: 0, failed: 1 });
    const stale = await client.get(`/api/v2/reports/${id}/exclusions`);
    expect(stale.body.sources[1]).toMatchObject({ name: 'SAM', state: 'stale', checked_at: expect.any(String) });
    expect(new Date(stale.body.sources[1].checked_at).getTime()).toBeLessThan(Date.now() - 86_400_000);
    server.ctx.exclusions = { leie: { baseUrl: `${sim.url}/leie` }, sam: null };
  });

  it('answers the search API with the physician’s exclusion check: possible by name and state, confirmed by NPI', async () => {
    const { client } = await signedInOnPlan(server, { planName: 'small' });
    const key = (await client.get('/api/v1/credentials/')).body.credential_key as string;
    const excluded = truth.find((t) => t.kind === 'excluded' && t.npi && t.firstName);
    if (!excluded) throw new Error('no excluded physician with an NPI');
    const search = async (fields: Record<string, string>) => {
      const res = await fetch(`${server.url}/api/v1/medical/search-license-by-state/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          First_Name: title(excluded.firstName),
          Last_Name: title(excluded.lastName),
          License_Type: 'MD',
          State: excluded.state,
          ...fields,
        }),
      });
      return { status: res.status, body: await res.json() };
    };
    const byName = await search({});
    expect(byName.status).toBe(200);
    expect(byName.body.exclusions).toMatchObject({
      status: 'possible_match',
      sources: [{ name: 'LEIE', state: 'checked', checked_at: expect.any(String) }, { name: 'SAM' }],
      matches: expect.arrayContaining([
        expect.objectContaining({ source: 'LEIE', basis: 'name', status: 'possible', excluded_on: excluded.exclDate }),
      ]),
    });
    const byNpi = await search({ NPI: excluded.npi as string });
    expect(byNpi.body.exclusions.status).toBe('excluded');
    expect(byNpi.body.exclusions.matches[0]).toMatchObject({ basis: 'npi', status: 'confirmed', npi: excluded.npi });
    const badNpi = await search({ NPI: '1234567890' });
    expect(badNpi.status).toBe(400);
    expect(badNpi.body.detail).toMatch(/NPI must be a valid 10-digit NPI/);
  });

  it('answers searches made at once each with its own licenses and exclusion check, as when asked alone', async () => {
    // Concurrent searches share the look-up by number and the screening's statements
    // (db/batched-lookup.ts): each answer must still be its own question's.
    const { client } = await signedInOnPlan(server, { planName: 'enterprise' });
    const key = (await client.get('/api/v1/credentials/')).body.credential_key as string;
    const post = async (path: string, fields: Record<string, string>) => {
      const res = await fetch(`${server.url}/api/v1/medical/${path}/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { data: { name: string }[]; exclusions: { status: string } };
    };
    const excluded = truth.filter((t) => t.kind === 'excluded' && t.npi && t.firstName).slice(0, 4);
    // Three numbers each in two states: a look-up finds its own state's license only.
    const licensed = (['WA', 'NY'] as const).flatMap((jurisdiction) =>
      [1, 2, 3].map((n) => ({ jurisdiction, license_number: `BATCH-${n}`, lastName: `Batch${jurisdiction}${n}` })),
    );
    await upsertLookedUpLicenses(server.ctx, {
      sourceKind: 'html-lookup',
      records: licensed.map((l) => ({
        boardId: l.jurisdiction === 'WA' ? 'wa-md' : 'ny-med',
        jurisdiction: l.jurisdiction,
        licenseType: 'MD' as const,
        licenseNumber: l.license_number,
        firstName: 'Concurrent',
        middleName: null,
        lastName: l.lastName,
        suffix: null,
        rawStatus: 'Active',
        status: 'active' as const,
        issueDate: null,
        expiryDate: null,
        discipline: null,
      })),
    });
    const asks = [
      // Each excluded physician by name alone (a possible match) and with their NPI (confirmed).
      ...excluded.flatMap((t) =>
        ([{}, { NPI: t.npi as string }] as Record<string, string>[]).map(
          (npi) => () =>
            post('search-license-by-state', {
              First_Name: title(t.firstName),
              Last_Name: title(t.lastName),
              License_Type: 'MD',
              State: t.state,
              ...npi,
            }),
        ),
      ),
      ...licensed.map(
        (l) => () =>
          post('search-license-by-number', { License_Number: l.license_number, State: stateName(l.jurisdiction) }),
      ),
      () => post('search-license-by-number', { License_Number: 'NO-SUCH-NUMBER', State: 'Texas' }),
      () =>
        post('search-license-by-state', {
          First_Name: 'Zebulon',
          Last_Name: 'Quixote',
          License_Type: 'DO',
          State: 'Texas',
        }),
    ];
    const alone = [];
    for (const ask of asks) alone.push(await ask());
    const together = await Promise.all(asks.map((ask) => ask()));
    const statuses = alone.map((answer) => answer.exclusions.status);
    expect(statuses).toContain('possible_match');
    expect(statuses).toContain('excluded');
    expect(statuses).toContain('not_excluded');
    for (const [i, answer] of alone.slice(-licensed.length - 2, -2).entries()) {
      expect(answer.data.map((d) => d.name)).toEqual([`Concurrent ${licensed[i]?.lastName}`]);
    }
    expect(together).toEqual(alone);
  });

  it('alerts the owner once by email for a new exclusion and once when it ends, with its webhooks', async () => {
    const { client, email, userId } = await signedInOnPlan(server, { planName: 'premium' });
    const endpoint = await createWebhookEndpoint(server.ctx, userId, {
      // Nothing needs to answer: the outbox rows are what this test reads.
      url: 'http://127.0.0.1:9/hooks',
      description: '',
      events: ['exclusion.added', 'exclusion.reinstated'],
    });
    // SMS on, on a verified phone: without Twilio configured, texts wait in the outbox, which is what is counted.
    await server.ctx.pool.query(
      `UPDATE "user" SET phone_number = '+15005550006', phone_verified_at = now(), sms_renewal_notice = true WHERE id = $1`,
      [userId],
    );
    const texts = async () =>
      (
        await server.ctx.pool.query<{ body: string }>(
          `SELECT text AS body FROM outbound_message WHERE channel = 'sms' AND user_id = $1 ORDER BY created_at`,
          [userId],
        )
      ).rows.map((r) => r.body);
    const deliveries = async () =>
      (
        await server.ctx.pool.query<{ event_type: string; payload: { data: { exclusion: { basis: string } } } }>(
          'SELECT event_type, payload FROM webhook_delivery WHERE endpoint_id = $1 ORDER BY created_at',
          [endpoint.id],
        )
      ).rows;
    const used = new Set(
      (await server.ctx.pool.query<{ npi: string }>('SELECT npi FROM report WHERE npi IS NOT NULL')).rows.map(
        (r) => r.npi,
      ),
    );
    const excluded = truth.find((t) => t.kind === 'excluded' && t.npi && t.firstName && !used.has(t.npi));
    if (!excluded) throw new Error('no other excluded physician with an NPI');
    const id = await createScreenedReport(client, {
      firstName: title(excluded.firstName),
      lastName: title(excluded.lastName),
      licenseType: 'MD',
      states: [stateName(excluded.state)],
      npi: excluded.npi,
    });
    const mine = () => smtp.messages.filter((m) => m.to.includes(email) && /exclusion/i.test(m.subject));
    const added = await smtp.waitFor(
      (m) => m.to.includes(email) && /is on the LEIE exclusion list/.test(m.subject),
      20_000,
    );
    expect(added.text).toContain(`/reports/${id}`);
    expect(added.text).toMatch(/Excluded since [A-Z][a-z]+ \d{1,2}, \d{4} \(/);

    // The verification document prints the check with its source dates, and the public read says the same.
    const issued = await client.raw(`/api/v2/reports/${id}/verifications`, 'POST');
    expect(issued.status).toBe(200);
    const flat = (await pdfText(new Uint8Array(await issued.arrayBuffer()))).text.replace(/\s+/g, ' ');
    expect(flat).toContain('Exclusion check (federal exclusion lists)');
    expect(flat).toMatch(/Standing Excluded HHS-OIG LEIE checked \d{4}-\d{2}-\d{2} [\d:]+ UTC SAM\.gov not configured/);
    expect(flat).toContain(`excluded ${excluded.exclDate}`);
    expect(flat).toContain('same NPI');
    const document = await client.get(`/api/v2/verifications/${issued.headers.get('x-verification-id')}`);
    expect(document.body.exclusions).toMatchObject({ status: 'excluded', matches: [{ basis: 'npi', source: 'LEIE' }] });

    // Told once: another run, and the report's next screening, send nothing more.
    await queueExclusionAlerts(server.ctx);
    await client.patch(`/api/v2/reports/${id}/npi`, { npi: excluded.npi });
    await queueExclusionAlerts(server.ctx);
    await new Promise((r) => setTimeout(r, 500));
    expect(mine()).toHaveLength(1);

    // The exclusion ends (a reinstatements supplement): one more email, once.
    await server.ctx.pool.query(
      `UPDATE exclusion SET rein_date = current_date, listed = false
       WHERE id IN (SELECT exclusion_id FROM exclusion_match WHERE report_id = $1)`,
      [id],
    );
    await queueExclusionAlerts(server.ctx);
    await queueExclusionAlerts(server.ctx);
    const ended = await smtp.waitFor((m) => m.to.includes(email) && /exclusion has ended/.test(m.subject), 20_000);
    expect(ended.subject).toContain(`Dr. ${title(excluded.firstName)} ${title(excluded.lastName)}`);
    await new Promise((r) => setTimeout(r, 500));
    expect(mine()).toHaveLength(2);
    const standing = await client.get(`/api/v2/reports/${id}/exclusions`);
    expect(standing.body.status).toBe('not_excluded');
    expect(standing.body.matches[0]).toMatchObject({ status: 'confirmed', reinstated_on: expect.any(String) });
    // One text per event too.
    expect(await texts()).toEqual([
      expect.stringMatching(/is on the LEIE exclusion list/),
      expect.stringMatching(/exclusion ended \(LEIE\)/),
    ]);
    // One webhook per event, however many runs saw it.
    expect((await deliveries()).map((d) => [d.event_type, d.payload.data.exclusion.basis])).toEqual([
      ['exclusion.added', 'npi'],
      ['exclusion.reinstated', 'npi'],
    ]);
  });

  it('screens a report again under the name or NPI a roster re-import gives it', async () => {
    const { client } = await signedInOnPlan(server, { planName: 'premium' });
    const used = new Set(
      (await server.ctx.pool.query<{ npi: string }>('SELECT npi FROM report WHERE npi IS NOT NULL')).rows.map(
        (r) => r.npi,
      ),
    );
    const excluded = truth.find((t) => t.kind === 'excluded' && t.npi && t.firstName && !used.has(t.npi));
    if (!excluded?.npi || !excluded.firstName || !excluded.lastName) throw new Error('no other excluded physician');
    const lookedUp = await client.get(`/api/v2/reports/npi/${excluded.npi}`);
    const state = excluded.state as StateCode;
    // Imported under a misspelt surname: nothing matches yet.
    const id = await createScreenedReport(client, {
      firstName: title(excluded.firstName),
      lastName: `${title(excluded.lastName)}zz`,
      licenseType: lookedUp.body.license_type,
      states: [stateName(state)],
    });
    expect((await client.get(`/api/v2/reports/${id}/exclusions`)).body.status).toBe('not_excluded');
    const existing = {
      id,
      firstName: title(excluded.firstName),
      middleName: null,
      lastName: `${title(excluded.lastName)}zz`,
      licenseType: lookedUp.body.license_type,
      states: [state],
      npi: null,
      externalId: null,
      department: null,
    };
    const row = { ...existing, row: 2, lastName: title(excluded.lastName), states: [state] };
    // The corrected roster: the name now fits the entry (a possible match until the NPI comes).
    await applyRosterUpdate(server.ctx, existing, row, []);
    await waitFor('the renamed report to be screened', async () => {
      const read = await client.get(`/api/v2/reports/${id}/exclusions`);
      return read.body.status === 'possible_match';
    });
    // The next roster adds the NPI only: confirmed.
    await applyRosterUpdate(server.ctx, { ...existing, lastName: row.lastName }, { ...row, npi: excluded.npi }, []);
    await waitFor('the report to be screened with its NPI', async () => {
      const read = await client.get(`/api/v2/reports/${id}/exclusions`);
      return read.body.status === 'excluded';
    });
  });
});
