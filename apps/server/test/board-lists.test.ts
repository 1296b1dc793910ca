import { MISSOURI_COLUMNS } from '@licensewatch/board-sim/sites/missouri-listing';
import { type BoardListResult, loadBoardListSchema } from '@licensewatch/shared/board-lists';
import { stateName } from '@licensewatch/shared/states';
import { and, eq, isNull } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminAudit } from '../src/modules/admin/tables.ts';
import { loadBoardConfig } from '../src/modules/licensing/config/load-board-config.ts';
import { loadBoardList } from '../src/modules/licensing/load-board-list.ts';
import type { GroundTruthPerson } from '../src/modules/licensing/matching/evaluate-accuracy.ts';
import { createBoardSources } from '../src/modules/licensing/sources/create-source.ts';
import { license } from '../src/modules/licensing/tables.ts';
import { signedInOnPlan } from './support/accounts.ts';
import { type Person, signedInPerson } from './support/identities.ts';
import { createReportAndWait } from './support/reports.ts';
import { type SimulatedBoards, withSimulatedBoards } from './support/simulated-boards.ts';
import type { TestServer } from './support/test-server.ts';

let server: TestServer;
let boards: SimulatedBoards;
withSimulatedBoards({ size: 600, seed: 23 }, (running) => {
  ({ server, boards } = running);
});

let admin: Person;
beforeAll(async () => {
  admin = await signedInPerson(server, 'admin');
});

/** Mississippi's board is verified by hand (a CAPTCHA) and sells its list: physicians it licenses. */
function mississippiPhysicians(): { person: GroundTruthPerson; number: string; expires: string | null }[] {
  return boards.persons.flatMap((person) =>
    person.licenses
      .filter((l) => l.boardId === 'ms-med' && l.licenseNumber && !person.suffix)
      .map((l) => ({ person, number: l.licenseNumber as string, expires: l.expiryDate })),
  );
}

const usDate = (iso: string | null) => (iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : '');

/** The list as the board sells it: a title line, then the header, then a row per license. */
function soldList(rows: string[]) {
  return [
    'Mississippi State Board of Medical Licensure - licensee list',
    'LIC #,LAST,FIRST,STATUS,EXPIRES',
    ...rows,
  ].join('\r\n');
}

function body(csv: string, overrides: Record<string, unknown> = {}) {
  return {
    board_id: 'ms-med',
    file_name: 'ms-licensees.csv',
    content: Buffer.from(csv).toString('base64'),
    delimiter: 'comma',
    header_starts_with: 'LIC #',
    columns: {
      license_number: 'LIC #',
      last_name: 'LAST',
      first_name: 'FIRST',
      status: 'STATUS',
      expiry_date: 'EXPIRES',
    },
    license_type: 'either',
    date_format: 'mm/dd/yyyy',
    check_only: true,
    ...overrides,
  };
}

const publicRows = () =>
  server.ctx.db
    .select()
    .from(license)
    .where(and(eq(license.boardId, 'ms-med'), isNull(license.workspaceId)));

describe("a board's list loaded by an operator", () => {
  it('is checked first, storing nothing; then loaded, audited, and found by reports like any board list', async () => {
    const [first, second] = mississippiPhysicians();
    if (!first || !second) throw new Error('no Mississippi physicians');
    const csv = soldList([
      `${first.number},${first.person.lastName.toUpperCase()},${first.person.firstName.toUpperCase()},Active,${usDate(first.expires)}`,
      `${second.number},${second.person.lastName.toUpperCase()},${second.person.firstName.toUpperCase()},Active,${usDate(second.expires)}`,
      'X9999,NODATE,PAT,Active,31/31/2031',
    ]);

    const checked = await admin.client.post('/api/v2/admin/board-lists', body(csv));
    expect(checked.status).toBe(200);
    expect(checked.body as BoardListResult).toMatchObject({
      board_id: 'ms-med',
      check_only: true,
      status: 'succeeded',
      rows_read: 3,
      rows_rejected: 1,
      licenses_new: 2,
      licenses_changed: 0,
      licenses_removed: 0,
      rejected: [{ row: 5, reason: "invalid expiry date '31/31/2031'" }],
    });
    expect(await publicRows()).toEqual([]);

    const loaded = await admin.client.post('/api/v2/admin/board-lists', body(csv, { check_only: false }));
    expect(loaded.status).toBe(200);
    expect(loaded.body).toMatchObject({ check_only: false, licenses_new: 2, rows_rejected: 1 });
    const rows = await publicRows();
    expect(rows.map((r) => r.licenseNumber).sort()).toEqual([first.number, second.number].sort());
    expect(rows.every((r) => r.sourceKind === 'delimited-file' && r.licenseType === null)).toBe(true);
    const [audit] = await server.ctx.db.select().from(adminAudit).where(eq(adminAudit.action, 'board_list.load'));
    expect(audit).toMatchObject({
      targetType: 'board',
      targetId: 'ms-med',
      targetLabel: expect.stringContaining('Mississippi'),
    });
    expect(audit?.after).toMatchObject({ file: 'ms-licensees.csv', rows_read: 3, licenses_new: 2 });

    // Loading it again changes nothing.
    const again = await admin.client.post('/api/v2/admin/board-lists', body(csv, { check_only: false }));
    expect(again.body).toMatchObject({ licenses_new: 0, licenses_changed: 0, licenses_unchanged: 2 });

    // A report for the physician now finds the license the list holds, in a state no machine reads.
    const { client } = await signedInOnPlan(server);
    const reportId = await createReportAndWait(client, {
      firstName: first.person.firstName,
      middleName: first.person.middleName,
      lastName: first.person.lastName,
      licenseType: first.person.licenses.find((l) => l.boardId === 'ms-med')?.licenseType,
      states: [stateName('MS')],
    });
    const states = (await client.get(`/api/v2/reports/${reportId}/states`)).body.states as {
      state: string;
      outcome: string;
      licenses: number;
    }[];
    expect(states).toEqual([expect.objectContaining({ state: stateName('MS'), outcome: 'found', licenses: 1 })]);
  });

  it("reads a file as its board publishes it with the board's own reading, nothing mapped", async () => {
    // Maryland's monthly list as a person downloads it: a title line, codes, active licensees only.
    const file = await fetch(`${boards.sim.url}/sites/www.mbp.state.md.us/forms/doctor_list_revised.csv`);
    const published = Buffer.from(await file.arrayBuffer());
    const active = boards.persons.flatMap((p) =>
      p.licenses.filter(
        (l) => l.boardId === 'md-med' && l.licenseNumber && (l.status === 'active' || l.status === 'probation'),
      ),
    );
    const res = await admin.client.post('/api/v2/admin/board-lists', {
      board_id: 'md-med',
      file_name: 'doctor_list_revised.csv',
      content: published.toString('base64'),
      layout: 'published',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      check_only: true,
      status: 'succeeded',
      rows_read: active.length,
      rows_rejected: 0,
    });

    // A board that publishes no file the product knows: its columns must be mapped.
    for (const boardId of ['wa-md', 'ny-med']) {
      const refused = await admin.client.post('/api/v2/admin/board-lists', {
        board_id: boardId,
        file_name: 'list.csv',
        content: published.toString('base64'),
        layout: 'published',
      });
      expect(refused.status, boardId).toBe(400);
      expect(refused.body.detail, boardId).toContain('publishes no file whose layout the product knows');
    }
  });

  it("reads a copy of any of the board's files: Missouri's OPS.ZIP, its DOs, as well as its MED.ZIP", async () => {
    // The real configuration reads MED.ZIP and OPS.ZIP; a person downloaded the DOs' file from the portal.
    const real = createBoardSources(loadBoardConfig());
    const row = (values: Partial<Record<(typeof MISSOURI_COLUMNS)[number], string>>) =>
      MISSOURI_COLUMNS.map((column) => values[column] ?? '').join('\t');
    const dos = [
      MISSOURI_COLUMNS.join('\t'),
      ...['ROE', 'DOE'].map((last, i) =>
        row({
          prc_first_name: 'JANE',
          prc_last_name: last,
          lic_profession: 'OPS',
          lic_number: `201800012${i}`,
          lst_description: 'Active',
          lic_orig_issue_date: '2018-07-01 00:00:00',
          lic_exp_date: '2027-01-31 00:00:00',
          discipline: 'N',
        }),
      ),
    ].join('\r\n');
    const zip = zipSync({ 'OPS.TXT': strToU8(`${dos}\r\n`) });
    const input = loadBoardListSchema.parse({
      board_id: 'mo-med',
      file_name: 'OPS.ZIP',
      content: Buffer.from(zip).toString('base64'),
      layout: 'published',
      check_only: true,
    });
    const checked = await loadBoardList(server.ctx, real, input);
    expect(checked).toMatchObject({ status: 'succeeded', rows_read: 2, rows_rejected: 0, licenses_new: 2 });
  });

  it("refuses a board's list granted on terms the operator has not said their use meets, however it is read", async () => {
    // The real configuration: California's lists are granted for non-commercial use only.
    const real = createBoardSources(loadBoardConfig());
    const csv = 'License Number,Last Name,First Name,License Status,Expiration Date\r\nA1,ROE,JANE,Current,01/31/2030';
    for (const layout of ['published', 'mapped'] as const) {
      const input = loadBoardListSchema.parse({
        ...body(csv, { board_id: 'ca-md', license_type: 'MD', header_starts_with: undefined }),
        columns: {
          license_number: 'License Number',
          last_name: 'Last Name',
          first_name: 'First Name',
          status: 'License Status',
          expiry_date: 'Expiration Date',
        },
        layout,
      });
      const refused = loadBoardList(server.ctx, real, input);
      await expect(refused, layout).rejects.toMatchObject({ status: 400 });
      await expect(refused, layout).rejects.toThrow('grants its list for non-commercial use only');
    }
  });

  it('refuses what it cannot read, saying why, and stores nothing', async () => {
    const before = (await publicRows()).length;
    const csv = soldList(['12345,ROE,JANE,Active,01/31/2030']);
    const cases: [Record<string, unknown>, string][] = [
      [
        { columns: { license_number: 'LICENSE', last_name: 'LAST', first_name: 'FIRST', status: 'STATUS' } },
        "lacks 'LICENSE'",
      ],
      [{ header_starts_with: 'License Number' }, "no line of the bulk file starts with 'License Number'"],
      [{ board_id: 'wa-do', license_type: 'MD' }, 'licenses DO only'],
      [{ board_id: 'zz-med' }, 'No such board'],
      [{ layout: 'published', board_id: 'md-med\u0000' }, 'must not contain NUL characters'],
      [{ layout: 'sideways' }, 'layout'],
      [
        { columns: { license_number: 'LIC #', status: 'STATUS' } },
        'Map the last and first name, or the whole-name column',
      ],
      [
        {
          content: Buffer.from('LIC #,LAST,FIRST,STATUS,EXPIRES\r\n').toString('base64'),
          header_starts_with: undefined,
        },
        'held no rows at all',
      ],
    ];
    for (const [overrides, message] of cases) {
      const res = await admin.client.post('/api/v2/admin/board-lists', body(csv, { ...overrides, check_only: false }));
      expect(res.status, message).toBe(400);
      expect(res.body.detail, message).toContain(message);
    }
    expect(await publicRows()).toHaveLength(before);
  });
});
