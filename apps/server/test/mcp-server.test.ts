import { fileURLToPath } from 'node:url';
import { MCP_TOOLS } from '@licensewatch/shared/mcp-tools';
import { stateName } from '@licensewatch/shared/states';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { organisationMember } from '../src/modules/organisations/tables.ts';
import { assignPlan } from '../src/modules/plans/assign-plan.ts';
import { apiUsage, creditLedger, userCredit } from '../src/modules/plans/tables.ts';
import { report } from '../src/modules/reports/tables.ts';
import { HttpClient } from './support/http-client.ts';
import { organisationOf, type Person, signedInPerson } from './support/identities.ts';
import { BULK_BOARDS, type SimulatedBoards, withSimulatedBoards } from './support/simulated-boards.ts';
import type { TestServer } from './support/test-server.ts';

// The MCP server (docs/product-rules.md, MCP server; ADR 042), driven by the SDK's own client over
// both transports: the tools act by API key with the API's scopes, credits, limits and errors.
let server: TestServer;
let boards: SimulatedBoards;
withSimulatedBoards({ size: 200, seed: 11 }, (running) => {
  ({ server, boards } = running);
});

const SECRET = 'test-secret-test-secret-test-secret-0123';
const TOOLS = Object.values(MCP_TOOLS);

const keyOf = async (person: Person): Promise<string> =>
  (await person.client.get('/api/v1/credentials/')).body.credential_key;

async function growthPersonWithScopes(scopes: string[]): Promise<{ person: Person; key: string }> {
  const person = await signedInPerson(server);
  const endDate = new Date(Date.now() + 30 * 86_400_000);
  await assignPlan(server.ctx.db, {
    userId: person.userId,
    planName: 'growth',
    trial: false,
    endDate,
    reason: 'plan-change',
  });
  const saved = await person.client.put('/api/v2/credentials/scopes', { scopes });
  expect(saved.status).toBe(200);
  return { person, key: await keyOf(person) };
}

async function httpClient(key: string): Promise<Client> {
  const client = new Client({ name: 'licensewatch-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    }),
  );
  return client;
}

/** A tool's answer: its one text part, parsed. */
async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const [part] = result.content;
  if (part?.type !== 'text') throw new Error(`${name} answered no text`);
  return { isError: result.isError === true, body: JSON.parse(part.text) };
}

const usageRows = (userId: string) => server.ctx.db.select().from(apiUsage).where(eq(apiUsage.userId, userId));
const apiCredits = async (workspaceId: string) =>
  (await server.ctx.db.select().from(userCredit).where(eq(userCredit.workspaceId, workspaceId)))[0]?.apiCredits;
const reportsOf = (workspaceId: string) =>
  server.ctx.db.select().from(report).where(eq(report.workspaceId, workspaceId));

/** A license the registry holds (a bulk board's), with the name of its holder. */
function knownLicense() {
  for (const person of boards.persons) {
    const license = person.licenses.find((l) => BULK_BOARDS.has(l.boardId) && l.licenseNumber);
    if (license?.licenseNumber) return { person, license: { ...license, licenseNumber: license.licenseNumber } };
  }
  throw new Error('no license on a bulk board');
}

let owner: Person;
let key: string;
let client: Client;
let reportId: string;

beforeAll(async () => {
  ({ person: owner, key } = await growthPersonWithScopes(['search', 'reports:read', 'reports:write']));
  client = await httpClient(key);
});
afterAll(() => client?.close());

describe('the MCP server over Streamable HTTP', () => {
  it('lists its tools with the input schemas of the shared contracts', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS.map((t) => t.name).sort());
    for (const tool of TOOLS) {
      const listed = tools.find((t) => t.name === tool.name);
      expect(listed?.description).toBe(tool.description);
      const shared = z.toJSONSchema(tool.input, { io: 'input' }) as { properties: object; required?: string[] };
      expect(listed?.inputSchema.properties, tool.name).toEqual(shared.properties);
      expect(listed?.inputSchema.required ?? [], tool.name).toEqual(shared.required ?? []);
    }
  });

  it('searches by number for one API credit, its usage row written with the credit', async () => {
    const { license } = knownLicense();
    const before = await apiCredits(owner.userId);
    const found = await call(client, MCP_TOOLS.searchLicenseByNumber.name, {
      license_number: license.licenseNumber,
      state: stateName(license.jurisdiction),
    });
    expect(found.isError).toBe(false);
    expect(found.body.status).toBe('success');
    expect(found.body.data[0].license_number).toBe(license.licenseNumber);
    expect(await apiCredits(owner.userId)).toBe((before as number) - 1);
    const rows = await usageRows(owner.userId);
    expect(rows.filter((r) => r.endpoint === 'mcp:search_license_by_number')).toEqual([
      expect.objectContaining({ status: 200, resultCount: 1 }),
    ]);
  });

  it('enrols only with confirm: true, and first says what it would spend', async () => {
    const physicians = [
      { firstName: 'Mcp', lastName: 'Physician', licenseType: 'MD', states: ['Oregon'], externalId: 'mcp-1' },
      { firstName: 'Mcp', lastName: 'Second', licenseType: 'DO', states: ['Texas'], externalId: 'mcp-2' },
    ];
    const asked = await call(client, MCP_TOOLS.enrolPhysicians.name, { physicians });
    expect(asked.isError).toBe(false);
    expect(asked.body).toMatchObject({
      confirmed: false,
      would_create: 2,
      already_enrolled: 0,
      report_credits_now: 200,
      report_credits_after: 198,
      plan: { name: 'growth', tracked_licenses: 200 },
    });
    expect(asked.body.message).toContain('spend 2 report credits');
    expect(await reportsOf(owner.userId)).toEqual([]);

    const done = await call(client, MCP_TOOLS.enrolPhysicians.name, { physicians, confirm: true });
    expect(done.body).toMatchObject({ confirmed: true, created: 2, existing: 0, failed: 0 });
    expect(await reportsOf(owner.userId)).toHaveLength(2);
    const spent = await server.ctx.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.workspaceId, owner.userId), eq(creditLedger.reason, 'report-created')));
    expect(spent).toHaveLength(2);
    reportId = done.body.results[0].report.id;

    // Asked again, the same physicians are enrolled already: nothing to spend.
    const again = await call(client, MCP_TOOLS.enrolPhysicians.name, { physicians });
    expect(again.body).toMatchObject({ would_create: 0, already_enrolled: 2, report_credits_after: 198 });
  });

  it('reads a report whole, lists reports expiring and its possible matches, each call in the usage log', async () => {
    const whole = await call(client, MCP_TOOLS.getReport.name, { id: reportId });
    expect(whole.isError).toBe(false);
    expect(whole.body).toMatchObject({ id: reportId, external_id: 'mcp-1', licenses: expect.any(Array) });
    expect(whole.body.exclusions).toBeDefined();

    const expiring = await call(client, MCP_TOOLS.listReports.name, { expiring_within_days: 730 });
    expect(expiring.isError).toBe(false);
    expect(expiring.body).toMatchObject({ reports: expect.any(Array), next_cursor: null });
    const all = await call(client, MCP_TOOLS.listReports.name, { changed_since: '2000-01-01T00:00:00Z' });
    expect(all.body.reports.map((r: { id: string }) => r.id)).toContain(reportId);

    const matches = await call(client, MCP_TOOLS.listPossibleMatches.name, { id: reportId });
    expect(matches.isError).toBe(false);
    expect(matches.body).toEqual(expect.any(Array));

    const missing = await call(client, MCP_TOOLS.getReport.name, { id: '00000000-0000-0000-0000-000000000000' });
    expect(missing).toMatchObject({ isError: true, body: { code: 'NOT_FOUND' } });

    const endpoints = (await usageRows(owner.userId)).map((r) => `${r.endpoint} ${r.status}`);
    expect(endpoints).toEqual(
      expect.arrayContaining([
        'mcp:get_report 200',
        'mcp:list_reports 200',
        'mcp:list_possible_matches 200',
        'mcp:enrol_physicians 200',
        'mcp:get_report 404',
      ]),
    );
    // The usage panel counts them as calls, and only the search as billed (one credit).
    const usage = await owner.client.get('/api/v2/api-usage');
    expect(usage.body.billed_this_month).toBe(1);
    expect(usage.body.calls_this_month).toBe(endpoints.length);
  });

  it('issues a verification document: its id, its public URL and what it says', async () => {
    const issued = await call(client, MCP_TOOLS.getVerificationDocument.name, { id: reportId });
    expect(issued.isError).toBe(false);
    expect(issued.body.verification_id).toMatch(/^[a-z2-7]{26}$/);
    expect(issued.body.url).toBe(`${server.ctx.baseURL}/verify/${issued.body.verification_id}`);
    const stored = await new HttpClient(server.url).get(`/api/v2/verifications/${issued.body.verification_id}`);
    expect(stored.status).toBe(200);
    expect(issued.body.verification).toEqual(stored.body);
  });

  it('answers input its schema refuses with {detail, code} as the API would, the call in the usage log, nothing spent', async () => {
    const { person, key } = await growthPersonWithScopes(['search', 'reports:write']);
    const client = await httpClient(key);
    try {
      const credits = await apiCredits(person.userId);
      const badState = await call(client, MCP_TOOLS.searchLicenseByNumber.name, {
        license_number: 'MD-1',
        state: 'Atlantis',
      });
      expect(badState.isError).toBe(true);
      expect(badState.body.code).toBe('VALIDATION_ERROR');
      expect(badState.body.detail).toMatch(/^state: /);
      const noPhysicians = await call(client, MCP_TOOLS.enrolPhysicians.name, { physicians: [], confirm: true });
      expect(noPhysicians).toMatchObject({ isError: true, body: { code: 'VALIDATION_ERROR' } });
      expect(await apiCredits(person.userId)).toBe(credits);
      expect(await reportsOf(person.userId)).toEqual([]);
      expect((await usageRows(person.userId)).map((r) => `${r.endpoint} ${r.status}`).sort()).toEqual([
        'mcp:enrol_physicians 400',
        'mcp:search_license_by_number 400',
      ]);
      const unknown = await call(client, 'drop_tables', {});
      expect(unknown).toEqual({
        isError: true,
        body: { detail: 'There is no tool named drop_tables.', code: 'NOT_FOUND' },
      });
    } finally {
      await client.close();
    }
  });

  it('answers a tool outside the key scopes with a tool error naming the scope, as the API does', async () => {
    const { person, key: searchOnly } = await growthPersonWithScopes(['search']);
    const limited = await httpClient(searchOnly);
    try {
      const refused = await call(limited, MCP_TOOLS.enrolPhysicians.name, {
        physicians: [{ firstName: 'No', lastName: 'Scope', licenseType: 'MD', states: ['Oregon'] }],
        confirm: true,
      });
      expect(refused).toEqual({
        isError: true,
        body: {
          code: 'API_KEY_SCOPE_MISSING',
          detail: 'This API key does not have the reports:write scope. Its owner can add it on the Overview page.',
        },
      });
      const read = await call(limited, MCP_TOOLS.listReports.name, {});
      expect(read.body.code).toBe('API_KEY_SCOPE_MISSING');
      expect(await reportsOf(person.userId)).toEqual([]);
      expect((await usageRows(person.userId)).map((r) => `${r.endpoint} ${r.status}`).sort()).toEqual([
        'mcp:enrol_physicians 403',
        'mcp:list_reports 403',
      ]);
    } finally {
      await limited.close();
    }
  });

  it("refuses enrolment by a viewer's key, asked or confirmed (VIEWER_READ_ONLY)", async () => {
    const [orgOwner, seat] = await Promise.all([signedInPerson(server), signedInPerson(server)]);
    const organisationId = await organisationOf(server, { owner: orgOwner, admin: seat });
    expect(
      (await seat.client.put('/api/v2/credentials/scopes', { scopes: ['reports:read', 'reports:write'] })).status,
    ).toBe(200);
    const seatKey = await keyOf(seat);
    // Made a viewer after the key was widened: the key acts with the role of the moment.
    await server.ctx.db
      .update(organisationMember)
      .set({ role: 'viewer' })
      .where(and(eq(organisationMember.organisationId, organisationId), eq(organisationMember.userId, seat.userId)));
    const viewer = await httpClient(seatKey);
    try {
      const physicians = [{ firstName: 'Viewer', lastName: 'Refused', licenseType: 'MD', states: ['Oregon'] }];
      for (const confirm of [false, true]) {
        const refused = await call(viewer, MCP_TOOLS.enrolPhysicians.name, { physicians, confirm });
        expect(refused).toMatchObject({ isError: true, body: { code: 'VIEWER_READ_ONLY' } });
      }
      expect(await reportsOf(organisationId)).toEqual([]);
    } finally {
      await viewer.close();
    }
  });

  it('refuses a request without a valid key with 401, before the protocol', async () => {
    const http = new HttpClient(server.url);
    const message = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    for (const authorization of [undefined, 'Bearer lw_not-a-key']) {
      const res = await http.request('POST', '/mcp', message, {
        ...(authorization ? { authorization } : {}),
        accept: 'application/json, text/event-stream',
        origin: undefined,
      });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('INVALID_API_KEY');
    }
    const bad = new Client({ name: 'licensewatch-test', version: '1.0.0' });
    await expect(
      bad.connect(
        new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
          requestInit: { headers: { authorization: 'Bearer lw_not-a-key' } },
        }),
      ),
    ).rejects.toThrow(/INVALID_API_KEY/);
  });
});

describe('the MCP server over stdio (npm run mcp)', () => {
  it('lists its tools and reads reports with the key in LICENSEWATCH_API_KEY', async () => {
    const stdio = new Client({ name: 'licensewatch-test', version: '1.0.0' });
    await stdio.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['--import', 'tsx', 'apps/server/src/mcp.ts'],
        cwd: fileURLToPath(new URL('../../../', import.meta.url)),
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'test',
          DATABASE_URL: server.databaseUrl,
          SIM_URL: boards.sim.url,
          AUTH_SECRET: SECRET,
          DATA_DIR: '/nonexistent',
          APP_URL: server.ctx.baseURL,
          LICENSEWATCH_API_KEY: key,
        },
        stderr: 'pipe',
      }),
    );
    try {
      const { tools } = await stdio.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(TOOLS.map((t) => t.name).sort());
      const page = await call(stdio, MCP_TOOLS.listReports.name, { external_id: 'mcp-2' });
      expect(page.isError).toBe(false);
      expect(page.body.reports.map((r: { external_id: string }) => r.external_id)).toEqual(['mcp-2']);
      const rows = (await usageRows(owner.userId)).filter((r) => r.endpoint === 'mcp:list_reports');
      expect(rows.some((r) => r.query.external_id === 'mcp-2')).toBe(true);
    } finally {
      await stdio.close();
    }
  }, 60_000);
});
