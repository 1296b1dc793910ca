import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BoardSimulator, startBoardSimulator } from '../server.ts';
import { SITE_FILES } from './file-sites.ts';
import { MISSOURI_COLUMNS } from './missouri-listing.ts';

let sim: BoardSimulator;
beforeAll(async () => {
  sim = await startBoardSimulator({ port: 0, size: 800 });
});
afterAll(() => sim.close());

describe('real files under /sites', () => {
  it("serves Maryland's list as the board does: a title line, the header, active licenses only", async () => {
    const res = await fetch(`${sim.url}/sites/www.mbp.state.md.us/forms/doctor_list_revised.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const [title, header, ...rows] = (await res.text()).trimEnd().split('\r\n');
    expect(title).toMatch(
      /^Maryland Board of Physicians - Physicians with an active license as of \d{2}\/\d{2}\/\d{4}$/,
    );
    expect(header).toBe('License #,Last Name,First Name,License Status,Expiration Date,Discipline');
    const published = [...sim.population.people()].flatMap((p) => p.licenses.filter((l) => l.boardId === 'md-med'));
    const active = published.filter((l) => l.status === 'active' || l.status === 'probation');
    expect(active.length).toBeLessThan(published.length);
    expect(rows).toHaveLength(active.length);
    for (const row of rows) expect(row).toMatch(/^D\d{7},[^,]+,[^,]+,(A|Probation),[\d/]*,[YN]$/);
  });

  it("serves Ohio's statewide file: a byte-order mark, every board's licences, the physicians by number", async () => {
    const res = await fetch(`${sim.url}/sites/data.ohio.gov/state-of-ohio-licensure/individual.csv`);
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = new TextDecoder().decode(bytes).trimEnd().split('\r\n');
    expect(header?.startsWith('LICENSEE_NAME,BOARD,LICENSE_NUMBER,TYPE,STATUS,SUB_STATUS,')).toBe(true);
    const physicians = rows.filter((r) => /^"[^"]+, [^"]+",State Medical Board,3[45]\.\d{6},License,/.test(r));
    const published = [...sim.population.people()].flatMap((p) => p.licenses.filter((l) => l.boardId === 'oh-med'));
    expect(physicians).toHaveLength(published.filter((l) => l.licenseNumber).length);
    // Other professions share the file, the board's own assistants among them.
    expect(rows.some((r) => r.includes(',Board of Nursing,RN.'))).toBe(true);
    expect(rows.some((r) => /,State Medical Board,50\.\d{6},/.test(r))).toBe(true);
  });

  it("serves Missouri's listings as the division does: one ZIP per code, 39 tab-separated Latin-1 columns, active only", async () => {
    // The shared population holds no Missouri DO and no Missouri probation: a larger one does.
    const mo = await startBoardSimulator({ port: 0, size: 3000 });
    try {
      const licenses = [...mo.population.boardLicenses('mo-med')].map((b) => b.license);
      let published = 0;
      let onProbation = 0;
      const files = new Map<string, Uint8Array>();
      for (const [code, type] of [
        ['MED', 'MD'],
        ['OPS', 'DO'],
      ] as const) {
        const res = await fetch(`${mo.url}/sites/pr.mo.gov/downloadables/${code}.ZIP`);
        expect(res.status, code).toBe(200);
        const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
        expect(Object.keys(entries), code).toEqual([`${code}.TXT`]);
        const bytes = entries[`${code}.TXT`] as Uint8Array;
        files.set(code, bytes);
        // Trailing empty cells are tabs: the text is split as it is, not trimmed.
        const [header, ...rows] = Buffer.from(bytes).toString('latin1').split('\r\n');
        expect(rows.pop(), code).toBe('');
        expect(header?.split('\t'), code).toEqual([...MISSOURI_COLUMNS]);
        const listed = licenses.filter(
          (l) => l.licenseType === type && l.licenseNumber && (l.status === 'active' || l.status === 'probation'),
        );
        expect(listed.length, code).toBeGreaterThan(0);
        expect(rows, code).toHaveLength(listed.length);
        published += rows.length;
        const cells = rows.map((row) => row.split('\t'));
        const at = (name: (typeof MISSOURI_COLUMNS)[number]) => MISSOURI_COLUMNS.indexOf(name);
        for (const row of cells) {
          expect(row, code).toHaveLength(39);
          expect(row[at('lic_profession')]).toBe(code);
          expect(row[at('lic_number')]).toMatch(/^(19|20)\d{8}$/);
          expect(row[at('lst_description')]).toBe('Active');
          expect(row[at('lic_orig_issue_date')]).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
          expect(row[at('lic_exp_date')]).toMatch(/^(\d{4}-\d{2}-\d{2} 00:00:00)?$/);
          expect(row[at('discipline')]).toMatch(/^[YN]$/);
        }
        // On probation a license is still 'Active': only its discipline flag tells.
        const probation = new Set(listed.filter((l) => l.status === 'probation').map((l) => l.licenseNumber));
        for (const row of cells.filter((r) => probation.has(r[at('lic_number')] ?? null))) {
          expect(row[at('discipline')]).toBe('Y');
          onProbation++;
        }
      }
      // Expired and inactive licenses are not listed.
      expect(published).toBeLessThan(licenses.length);
      expect(onProbation).toBeGreaterThan(0);
      // Latin-1: an accented name ('Chloé') is one byte, which is not UTF-8.
      const med = files.get('MED') as Uint8Array;
      expect(med.some((b) => b >= 0xc0)).toBe(true);
      expect(() => new TextDecoder('utf-8', { fatal: true }).decode(med)).toThrow();
    } finally {
      await mo.close();
    }
  });

  it("does not list Florida's PROF_ALL.zip: only its portal's signed-in accounts get it (florida-portal.test.ts)", () => {
    expect(SITE_FILES.some((f) => f.host === 'data-download.mqa.flhealthsource.gov')).toBe(false);
  });

  it("serves West Virginia's Rosters page, linking the workbook by its text among the board's other files", async () => {
    const res = await fetch(`${sim.url}/sites/wvbom.wv.gov/Rosters.asp`);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    const href = /<a href="([^"]+)">Roster of Medical Doctors<\/a>/.exec(html)?.[1] ?? '';
    expect(html).toContain('Roster of Physician Assistants');
    const workbook = await fetch(new URL(href, `${sim.url}/sites/wvbom.wv.gov/Rosters.asp`));
    expect([workbook.status, workbook.headers.get('content-type')]).toEqual([
      200,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    await workbook.arrayBuffer();
  });

  it('answers 404 for a path the board does not publish', async () => {
    expect((await fetch(`${sim.url}/sites/www.mbp.state.md.us/forms/other.csv`)).status).toBe(404);
  });
});
