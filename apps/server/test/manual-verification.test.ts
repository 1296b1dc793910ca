import { createHash } from 'node:crypto';
import { addDays } from '@licensewatch/shared/licenses';
import type { ManualVerification } from '@licensewatch/shared/manual-verification';
import type { ReportLicense } from '@licensewatch/shared/reports';
import { type StateCode, stateName } from '@licensewatch/shared/states';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queueVerificationDueAlerts } from '../src/modules/alerts/verification-due/queue-verification-due-alerts.ts';
import { ingestBulkFile } from '../src/modules/licensing/ingest/ingest-bulk-file.ts';
import type { GroundTruthPerson } from '../src/modules/licensing/matching/evaluate-accuracy.ts';
import { license, licenseEvent } from '../src/modules/licensing/tables.ts';
import { manualVerification } from '../src/modules/reports/tables.ts';
import { createWebhookEndpoint } from '../src/modules/webhooks/endpoints/create-webhook-endpoint.ts';
import { webhookDelivery } from '../src/modules/webhooks/tables.ts';
import { outboundMessage } from '../src/platform/outbox/tables.ts';
import { signedInOnPlan } from './support/accounts.ts';
import { bulkFileOf, makeRecord } from './support/bulk-files.ts';
import type { HttpClient } from './support/http-client.ts';
import { organisationOf, signedInPerson } from './support/identities.ts';
import { pdfText } from './support/pdf-text.ts';
import { createReportAndWait } from './support/reports.ts';
import {
  MACHINE_READ_BOARDS,
  publishedByMachine,
  type SimulatedBoards,
  withSimulatedBoards,
} from './support/simulated-boards.ts';
import type { TestServer } from './support/test-server.ts';

let server: TestServer;
let boards: SimulatedBoards;
withSimulatedBoards({ size: 1500, seed: 42 }, (running) => {
  ({ server, boards } = running);
});

// A 1×1 PNG and the smallest file a PDF reader recognises as one: what a person would attach.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const today = () => new Date().toISOString().slice(0, 10);

type Picked = { person: GroundTruthPerson; state: StateCode; number: string; machineState: StateCode };

/**
 * The `skip`th physician with a numbered MD license on a board no machine reads (a person verifies it
 * by hand) and another on a board a machine reads: the report covers both states.
 */
function manualPhysician(skip = 0): Picked {
  let seen = 0;
  for (const person of boards.persons) {
    const md = person.licenses.filter((l) => l.licenseType === 'MD' && l.licenseNumber);
    const byHand = md.find((l) => !MACHINE_READ_BOARDS.has(l.boardId));
    const machine = md.find((l) => publishedByMachine(l) && l.jurisdiction !== byHand?.jurisdiction);
    if (!byHand || !machine || person.suffix) continue;
    if (seen++ < skip) continue;
    return {
      person,
      state: byHand.jurisdiction as StateCode,
      number: byHand.licenseNumber as string,
      machineState: machine.jurisdiction as StateCode,
    };
  }
  throw new Error('no physician on a board verified by hand');
}

async function reportFor(client: HttpClient, picked: Picked, states = [picked.state, picked.machineState]) {
  return createReportAndWait(client, {
    firstName: picked.person.firstName,
    middleName: picked.person.middleName,
    lastName: picked.person.lastName,
    licenseType: 'MD',
    states: states.map(stateName),
  });
}

function verificationBody(picked: Picked, overrides: Record<string, unknown> = {}) {
  return {
    state: stateName(picked.state),
    license_number: picked.number,
    board_status_text: 'Active - Clear',
    status: 'active',
    issued: '2015-06-01',
    expires: addDays(today(), 400),
    discipline: null,
    checked_on: today(),
    evidence: { file_name: 'board-page.pdf', content: PDF.toString('base64') },
    ...overrides,
  };
}

const record = (client: HttpClient, reportId: string, body: unknown) =>
  client.post(`/api/v2/reports/${reportId}/manual-verifications`, body);

async function verificationsOf(workspaceId: string) {
  return server.ctx.db.select().from(manualVerification).where(eq(manualVerification.workspaceId, workspaceId));
}

describe('verification by hand', () => {
  it('records a license with its evidence: in the table, the counts, the state, the history and the download', async () => {
    const picked = manualPhysician(0);
    const { client } = await signedInOnPlan(server);
    const reportId = await reportFor(client, picked);

    const before = (await client.get(`/api/v2/reports/${reportId}/states`)).body.states as {
      state: string;
      outcome: string;
      board: { method: string; lookup_url: string; detail: string | null } | null;
      verification_due_on: string | null;
    }[];
    const waiting = before.find((s) => s.state === stateName(picked.state));
    expect(waiting).toMatchObject({ outcome: 'verify_by_hand', verification_due_on: null });
    expect(['manual', 'off']).toContain(waiting?.board?.method);
    expect(waiting?.board?.lookup_url).toContain(`${boards.sim.url}/lookup/`);

    const res = await record(client, reportId, verificationBody(picked));
    expect(res.status).toBe(201);
    const recorded = res.body as { report_license_id: string; verification: ManualVerification };
    expect(recorded.verification).toMatchObject({
      state: stateName(picked.state),
      license_number: picked.number,
      board_status_text: 'Active - Clear',
      status: 'active',
      checked_on: today(),
      verified_by: 'Dr. Ada Okafor',
      due_on: addDays(today(), 30),
      evidence: { file_name: 'board-page.pdf', type: 'application/pdf', size: PDF.length, sha256: sha256(PDF) },
    });

    const licenses = (await client.get(`/api/v2/reports/${reportId}/licenses`)).body as ReportLicense[];
    const row = licenses.find((l) => l.id === recorded.report_license_id);
    expect(row).toMatchObject({
      license_number: picked.number,
      state: stateName(picked.state),
      status: 'Active',
      board_status_text: 'Active - Clear',
      source: { method: 'manual' },
      verified_by_hand: {
        checked_on: today(),
        verified_by: 'Dr. Ada Okafor',
        due_on: addDays(today(), 30),
        due: false,
      },
    });
    expect(licenses.filter((l) => l.source.method !== 'manual').every((l) => l.verified_by_hand === null)).toBe(true);
    const report = (await client.get(`/api/v1/reports/${reportId}`)).body;
    expect(report.total_license).toBe(licenses.length);
    expect(report.active_license).toBeGreaterThanOrEqual(1);
    const after = (await client.get(`/api/v2/reports/${reportId}/states`)).body.states as typeof before;
    expect(after.find((s) => s.state === stateName(picked.state))).toMatchObject({
      outcome: 'found',
      verification_due_on: addDays(today(), 30),
    });

    // A newer check that reads otherwise: the license's data, and a change recorded "by hand".
    const second = await record(
      client,
      reportId,
      verificationBody(picked, {
        board_status_text: 'PROBATION/ACTIVE',
        status: 'probation',
        discipline: 'Consent order 2026-14',
        evidence: { file_name: 'C:\\Users\\me\\screenshot.png', content: PNG.toString('base64') },
      }),
    );
    expect(second.status).toBe(201);
    expect(second.body.report_license_id).toBe(recorded.report_license_id);
    const history = await client.get(`/api/v2/reports/${reportId}/licenses/${recorded.report_license_id}/history`);
    expect(history.body.events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'status', before: 'active', after: 'probation', source: 'manual' }),
        expect.objectContaining({ kind: 'discipline', before: null, after: 'Consent order 2026-14', source: 'manual' }),
      ]),
    );
    const list = await client.get(
      `/api/v2/reports/${reportId}/licenses/${recorded.report_license_id}/manual-verifications`,
    );
    expect(list.status).toBe(200);
    expect((list.body as ManualVerification[]).map((v) => v.evidence.file_name)).toEqual([
      'screenshot.png',
      'board-page.pdf',
    ]);
    const counted = (await client.get(`/api/v1/reports/${reportId}`)).body;
    expect(counted.needs_attention_license).toBeGreaterThanOrEqual(1);

    const download = await client.raw(`/api/v2/reports/${reportId}/manual-verifications/${list.body[0].id}/evidence`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toContain('attachment; filename="screenshot.png"');
    expect(download.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("is never taken for a license the board stopped listing when the board's own list is later read in bulk", async () => {
    // A board verified by hand today may be read in bulk tomorrow (an operator configures its account,
    // or loads a purchased list): the workspace's own rows are not the board's list.
    const picked = manualPhysician(5);
    const { client } = await signedInOnPlan(server);
    const reportId = await reportFor(client, picked);
    expect((await record(client, reportId, verificationBody(picked))).status).toBe(201);
    const [row] = await server.ctx.db
      .select({ id: license.id, boardId: license.boardId })
      .from(license)
      .where(and(eq(license.licenseNumber, picked.number), isNotNull(license.workspaceId)));
    if (!row) throw new Error('no private row');
    const { db, pool, log } = server.ctx;
    const counts = await ingestBulkFile(
      { db, pool, log },
      {
        boardId: row.boardId,
        jurisdiction: picked.state,
        sourceKind: 'delimited-file',
        items: bulkFileOf([makeRecord(0, { boardId: row.boardId, jurisdiction: picked.state })]),
      },
    );
    expect(counts.status).toBe('succeeded');
    const removed = await server.ctx.db
      .select()
      .from(licenseEvent)
      .where(and(eq(licenseEvent.licenseId, row.id), eq(licenseEvent.kind, 'removed')));
    expect(removed).toEqual([]);
  });

  it('refuses bad evidence and bad input, naming the field, and stores nothing', async () => {
    const picked = manualPhysician(1);
    const { client, userId } = await signedInOnPlan(server);
    const reportId = await reportFor(client, picked);
    const refusals: [Record<string, unknown>, RegExp][] = [
      // A text file named like a PDF: the first bytes decide, never the name.
      [
        { evidence: { file_name: 'board.pdf', content: Buffer.from('not a pdf at all').toString('base64') } },
        /evidence: The evidence must be a PDF, PNG or JPEG file/,
      ],
      // A GIF is an image, but not one of the three.
      [
        { evidence: { file_name: 'page.gif', content: Buffer.from('GIF89a\x01\x00\x01\x00').toString('base64') } },
        /evidence: The evidence must be a PDF, PNG or JPEG file/,
      ],
      [
        {
          evidence: {
            file_name: 'huge.png',
            content: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]).toString('base64'),
          },
        },
        /evidence(\.content)?: The evidence file is larger than 5 MB/,
      ],
      [{ evidence: { file_name: 'empty.pdf', content: '' } }, /evidence.content: Attach the evidence file/],
      [{ checked_on: addDays(today(), 1) }, /checked_on: The date checked cannot be in the future/],
      [{ checked_on: addDays(today(), -400) }, /checked_on: The date checked must be within the last year/],
      [
        { issued: today(), checked_on: addDays(today(), -2) },
        /checked_on: The date checked cannot be before the license was issued/,
      ],
      [{ checked_on: '2026-02-30' }, /checked_on: Date checked is not a real date/],
      [{ board_status_text: '  ' }, /board_status_text: Enter the status as the board's page words it/],
      [{ status: 'fine' }, /status: Choose the status the board gives/],
      [{ license_number: '' }, /license_number: License number is required/],
      [{ state: stateName(picked.state === 'WY' ? 'VT' : 'WY') }, /state: This report does not cover/],
    ];
    for (const [overrides, detail] of refusals) {
      const res = await record(client, reportId, verificationBody(picked, overrides));
      expect(res.status, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', detail: expect.stringMatching(detail) });
    }
    // A state whose board a machine reads is read, not verified by hand.
    const machine = await record(client, reportId, verificationBody(picked, { state: stateName(picked.machineState) }));
    expect(machine.status).toBe(409);
    expect(machine.body).toMatchObject({ code: 'BOARD_READ_BY_MACHINE' });
    expect(await verificationsOf(userId)).toHaveLength(0);

    // A JPEG is kept, its hash computed on the server.
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]);
    const ok = await record(
      client,
      reportId,
      verificationBody(picked, { evidence: { file_name: 'photo.jpg', content: jpeg.toString('base64') } }),
    );
    expect(ok.status).toBe(201);
    expect(ok.body.verification.evidence).toMatchObject({
      type: 'image/jpeg',
      size: jpeg.length,
      sha256: sha256(jpeg),
    });
  });

  it("is the workspace's own: another's answers 404 like a missing one, a viewer may not record", async () => {
    const picked = manualPhysician(2);
    const owner = await signedInOnPlan(server);
    const reportId = await reportFor(owner.client, picked);
    const recorded = await record(owner.client, reportId, verificationBody(picked));
    expect(recorded.status).toBe(201);
    const [verification] = await verificationsOf(owner.userId);

    const stranger = await signedInOnPlan(server);
    const notFound = { status: 404, body: { code: 'NOT_FOUND' } };
    expect(await record(stranger.client, reportId, verificationBody(picked))).toMatchObject(notFound);
    expect(
      await stranger.client.get(
        `/api/v2/reports/${reportId}/licenses/${recorded.body.report_license_id}/manual-verifications`,
      ),
    ).toMatchObject(notFound);
    expect(
      (await stranger.client.raw(`/api/v2/reports/${reportId}/manual-verifications/${verification?.id}/evidence`))
        .status,
    ).toBe(404);
    // Their own report does not reach another workspace's verification either.
    const theirs = await reportFor(stranger.client, manualPhysician(3));
    expect(
      (await stranger.client.raw(`/api/v2/reports/${theirs}/manual-verifications/${verification?.id}/evidence`)).status,
    ).toBe(404);

    // A viewer of the owner's organisation reads, but records nothing.
    const viewer = await signedInPerson(server);
    await organisationOf(server, { owner: { ...owner }, viewer });
    const refused = await record(viewer.client, reportId, verificationBody(picked));
    expect(refused).toMatchObject({ status: 403, body: { code: 'VIEWER_READ_ONLY' } });
    expect(await verificationsOf(owner.userId)).toHaveLength(1);
  });

  it("takes a place in the plan's tracked-license limit, as confirming a possible match does", async () => {
    const picked = manualPhysician(4);
    const { client, userId } = await signedInOnPlan(server, { planName: 'free' });
    // Free covers one state per report.
    const reportId = await reportFor(client, picked, [picked.state]);
    expect((await record(client, reportId, verificationBody(picked))).status).toBe(201);
    const over = await record(client, reportId, verificationBody(picked, { license_number: `${picked.number}9` }));
    expect(over).toMatchObject({ status: 403, body: { code: 'PLAN_LIMIT' } });
    expect(over.body.detail).toMatch(/Your Free plan tracks up to 1 license\. .*record this one/);
    expect(await verificationsOf(userId)).toHaveLength(1);
  });

  it('is due after 30 days: the state and the table say so, one email and one webhook, never twice', async () => {
    const picked = manualPhysician(5);
    const { client, userId, email } = await signedInOnPlan(server);
    await createWebhookEndpoint(server.ctx, userId, {
      url: 'http://127.0.0.1:9/due',
      description: '',
      events: ['license.verification_due'],
    });
    const reportId = await reportFor(client, picked);
    const old = await record(client, reportId, verificationBody(picked, { checked_on: addDays(today(), -31) }));
    expect(old.status).toBe(201);

    const states = (await client.get(`/api/v2/reports/${reportId}/states`)).body.states as {
      state: string;
      outcome: string;
      verification_due_on: string;
    }[];
    expect(states.find((s) => s.state === stateName(picked.state))).toMatchObject({
      outcome: 'verification_due',
      verification_due_on: addDays(today(), -1),
    });
    const row = ((await client.get(`/api/v2/reports/${reportId}/licenses`)).body as ReportLicense[]).find(
      (l) => l.id === old.body.report_license_id,
    );
    expect(row?.verified_by_hand).toMatchObject({ due: true, due_on: addDays(today(), -1) });
    // A due verification does not change the license's standing, but the report needs attention.
    expect(row?.status).toBe('Active');
    const attention = async () => (await client.get(`/api/v1/reports/${reportId}`)).body.attention;
    expect(await attention()).toMatchObject({ verifications_due: 1 });
    // The roster says the same of the physician, on their row.
    const rosterRow = async () =>
      ((await client.get('/api/v2/org/licenses')).body.rows as { report_id: string; attention: unknown }[]).find(
        (r) => r.report_id === reportId,
      );
    expect(await rosterRow()).toMatchObject({ attention: { verifications_due: 1 }, needs_attention: 1 });

    const emailsTo = () =>
      server.ctx.db
        .select()
        .from(outboundMessage)
        .where(and(eq(outboundMessage.to, email), sql`${outboundMessage.dedupeKey} LIKE 'verification-due:%'`));
    const deliveries = () =>
      server.ctx.db.select().from(webhookDelivery).where(eq(webhookDelivery.eventType, 'license.verification_due'));
    const mine = async () =>
      (await deliveries()).filter(
        (d) =>
          (d.payload as { data: { license: { license_number: string } } }).data.license.license_number ===
          picked.number,
      );

    const first = await queueVerificationDueAlerts(server.ctx);
    expect(first.verifications).toBeGreaterThanOrEqual(1);
    const [sent, ...more] = await emailsTo();
    expect(more).toHaveLength(0);
    expect(sent?.subject).toContain('verification by hand due');
    expect(sent?.text).toContain(`${boards.sim.url}/lookup/`);
    expect(sent?.text).toContain(`/reports/${reportId}`);
    const [delivery, ...others] = await mine();
    expect(others).toHaveLength(0);
    expect(delivery?.payload).toMatchObject({
      type: 'license.verification_due',
      data: {
        checked_on: addDays(today(), -31),
        due_on: addDays(today(), -1),
        verified_by: 'Dr. Ada Okafor',
        license: { license_number: picked.number, state: picked.state },
        reports: [{ id: reportId }],
      },
    });

    // Run again (a retry, another worker): nothing more.
    await queueVerificationDueAlerts(server.ctx);
    expect(await emailsTo()).toHaveLength(1);
    expect(await mine()).toHaveLength(1);

    // A newer verification starts afresh: due again 30 days after its own check.
    expect(
      (await record(client, reportId, verificationBody(picked, { checked_on: addDays(today(), -30) }))).status,
    ).toBe(201);
    await queueVerificationDueAlerts(server.ctx);
    expect(await emailsTo()).toHaveLength(2);
    expect(await mine()).toHaveLength(2);
    // Checked today: nothing due, nothing sent.
    expect((await record(client, reportId, verificationBody(picked))).status).toBe(201);
    await queueVerificationDueAlerts(server.ctx);
    expect(await emailsTo()).toHaveLength(2);
    expect(await attention()).toMatchObject({ verifications_due: 0 });
    expect(await rosterRow()).toMatchObject({ attention: { verifications_due: 0 }, needs_attention: 0 });
  });

  it("answers the search API with the caller's own licenses verified by hand, method manual, never another's", async () => {
    const picked = manualPhysician(6);
    const owner = await signedInOnPlan(server, { planName: 'small' });
    const reportId = await reportFor(owner.client, picked);
    expect((await record(owner.client, reportId, verificationBody(picked))).status).toBe(201);
    const stranger = await signedInOnPlan(server, { planName: 'small' });
    const keyOf = async (client: HttpClient) =>
      (await client.get('/api/v1/credentials/')).body.credential_key as string;
    const search = async (client: HttpClient, path: string, form: Record<string, string>) => {
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await keyOf(client)}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(form).toString(),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { data: { license_number: string; source: { method: string } }[] };
    };
    const byNumber = { License_Number: picked.number, State: stateName(picked.state) };
    const byName = {
      First_Name: picked.person.firstName,
      Middle_Name: picked.person.middleName ?? '',
      Last_Name: picked.person.lastName,
      License_Type: 'MD',
      State: stateName(picked.state),
    };
    const own = (answer: { data: { license_number: string; source: { method: string } }[] }) =>
      answer.data.filter((l) => l.license_number === picked.number);

    expect(own(await search(owner.client, '/api/v1/medical/search-license-by-number/', byNumber))).toEqual([
      expect.objectContaining({ source: expect.objectContaining({ method: 'manual' }) }),
    ]);
    expect(own(await search(owner.client, '/api/v1/medical/search-license-by-state/', byName))).toEqual([
      expect.objectContaining({ source: expect.objectContaining({ method: 'manual' }) }),
    ]);
    expect(own(await search(stranger.client, '/api/v1/medical/search-license-by-number/', byNumber))).toEqual([]);
    expect(own(await search(stranger.client, '/api/v1/medical/search-license-by-state/', byName))).toEqual([]);
  });

  it('says who verified it and when in the CSV and the verification PDF', async () => {
    const picked = manualPhysician(7);
    const { client } = await signedInOnPlan(server);
    const reportId = await reportFor(client, picked);
    const checked = addDays(today(), -3);
    expect((await record(client, reportId, verificationBody(picked, { checked_on: checked }))).status).toBe(201);
    const said = `Verified by hand on ${checked} by Dr. Ada Okafor`;

    const csv = await (await client.raw(`/api/v2/reports/${reportId}/export.csv`)).text();
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    expect(header?.split(',')).toContain('Source');
    expect(lines.find((l) => l.includes(picked.number))).toContain(said);
    expect(lines.filter((l) => !l.includes(picked.number)).every((l) => /(Bulk list|Look-up) \(/.test(l))).toBe(true);

    const pdf = await client.raw(`/api/v2/reports/${reportId}/verifications`, 'POST');
    expect(pdf.status).toBe(200);
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text.replace(/\s+/g, ' ')).toContain(said);
    const issued = await client.get(`/api/v2/verifications/${pdf.headers.get('x-verification-id')}`);
    expect(issued.body.licenses).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          license_number: picked.number,
          source: expect.objectContaining({ method: 'manual' }),
          verified_by_hand: { checked_on: checked, verified_by: 'Dr. Ada Okafor' },
        }),
      ]),
    );
  });
});
