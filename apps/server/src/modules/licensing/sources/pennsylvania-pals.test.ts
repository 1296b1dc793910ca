import type { GroundTruthPerson } from '@licensewatch/board-sim/population';
import { searchKey } from '@licensewatch/board-sim/population-index';
import type { BoardSimulator } from '@licensewatch/board-sim/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../config/board-config.ts';
import { BrowserLookupSource } from './browser-lookup-source.ts';
import { findChromium } from './find-chromium.ts';
import {
  clearSimulatorFaults,
  realBoardAt,
  setSimulatorFault,
  startSimulatorWithTruth,
} from './layout-test-support.ts';
import { closeSharedChromium, openSharedChromium } from './open-shared-chromium.ts';

// Pennsylvania's two boards through their real configuration (jurisdictions.ts, pennsylvaniaPals),
// unchanged but for their addresses, pauses and retries, against the simulator's copy of PALS
// (apps/board-sim/src/sites/pennsylvania-pals.ts) in the system Chromium. Measured here (2 cores,
// other work running): a search by name 0.4–0.9 s once Chromium runs (its start adds about 0.6 s), by
// number 0.6 s, a no-results answer 1.1–1.2 s (its words must stand half a second), three pages of
// one answer 1 s, a CAPTCHA or a changed page or API recognised after the board's quiet time (3 s:
// 3.4–4 s in all; the fault tests here give it 1 s, board-config.ts quietMs). Each test allows 30 s:
// seven times the slowest, for a busy machine.

const TEST_TIMEOUT = 30_000;
const BOARD_IDS = ['pa-md', 'pa-do'] as const;
const HOST = 'www.pals.pa.gov';
let sim: BoardSimulator;
let truth: GroundTruthPerson[];

beforeAll(async () => {
  // Large enough that PALS answers a surname's first letter over several pages (and starts in 0.4 s).
  ({ sim, truth } = await startSimulatorWithTruth(20_000));
}, TEST_TIMEOUT);

afterAll(async () => {
  await closeSharedChromium();
  await sim?.close();
});

afterEach(() => clearSimulatorFaults(sim.url));

/** No politeness pauses or back-off: the simulator is this process. */
const deps = { sleep: async () => {} };

/** A real board's configuration, its addresses pointed at the simulator, without pauses or retries. */
function realBoard(id: string, withDetail = true, quietMs?: number): Board & { source: { kind: 'browser' } } {
  return realBoardAt(id, sim.url, ({ detail, ...source }) => ({
    ...source,
    ...(withDetail ? { detail } : {}),
    pauseMs: 0,
    retries: 0,
    timeoutMs: 20_000,
    ...(quietMs ? { quietMs } : {}),
  })) as Board & { source: { kind: 'browser' } };
}

const source = (id: string, quietMs?: number) => new BrowserLookupSource(realBoard(id, true, quietMs), deps);
/** The list alone, no detail read: every row the table shows is kept (the pager's test). */
const listOnly = (id: string) => new BrowserLookupSource(realBoard(id, false), deps);

function holders(boardId: string) {
  return truth.flatMap((person) =>
    person.licenses.filter((l) => l.boardId === boardId).map((license) => ({ person, license })),
  );
}

/** A physician of the board with few namesakes there whose license has a status and an expiry; `skip` picks another. */
function physicianOf(boardId: string, skip = 0) {
  const all = holders(boardId);
  const namesakes = (last: string) => all.filter((h) => h.person.lastName === last).length;
  const vague = (h: (typeof all)[number]) => (h.license.status === 'unknown' || !h.license.expiryDate ? 1 : 0);
  const sorted = [...all].sort(
    (a, b) => vague(a) - vague(b) || namesakes(a.person.lastName) - namesakes(b.person.lastName),
  );
  const found = sorted[Math.min(skip, sorted.length - 1)];
  if (!found) throw new Error(`nobody on ${boardId}`);
  return found;
}

const setFault = (fault: Record<string, unknown>) => setSimulatorFault(sim.url, fault);

type ApiRow = { LicenseNumber: string; BoardName: string; TotalRecords: number };

/** What the simulator's PALS API lists for a surname: the rows the page's table is built from. */
async function palsRows(lastName: string, pageNo = 1): Promise<ApiRow[]> {
  const answer = await fetch(`${sim.url}/sites/${HOST}/api/Search/SearchForPersonOrFacilty`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ OptPersonFacility: 'Person', IsFacility: 0, LastName: lastName, PageNo: pageNo }),
  });
  return (await answer.json()) as ApiRow[];
}

describe.each(BOARD_IDS)('%s through its real configuration', (boardId) => {
  it(
    'finds the physician by name with the right number, type, status and dates',
    async () => {
      const { person, license } = physicianOf(boardId);
      const started = performance.now();
      const result = await source(boardId).search({
        lastName: person.lastName,
        firstName: person.firstName,
        licenseType: license.licenseType,
      });
      const tookMs = performance.now() - started;
      expect(result.ok, JSON.stringify(result)).toBe(true);
      if (!result.ok) return;
      const record = result.value.find((r) => r.licenseNumber === license.licenseNumber);
      expect(record, JSON.stringify(result.value)).toMatchObject({
        boardId,
        jurisdiction: 'PA',
        licenseType: license.licenseType,
        status: license.status,
        // Only the detail, in the tab the name link opens, shows the dates (see below): the reader follows it.
        expiryDate: license.expiryDate,
        issueDate: license.issueDate,
      });
      expect(record?.firstName.toUpperCase()).toBe(person.firstName.toUpperCase());
      expect(searchKey(record?.lastName ?? '')).toBe(searchKey(person.lastName));
      expect(result.notes?.saidNoResults ?? false).toBe(false);
      expect(tookMs).toBeLessThan(TEST_TIMEOUT / 2);
    },
    TEST_TIMEOUT,
  );

  it(
    'finds the physician by license number',
    async () => {
      const { license } = physicianOf(boardId, 1);
      const result = await source(boardId).search({ licenseNumber: license.licenseNumber as string });
      expect(result.ok && result.value.map((r) => [r.licenseNumber, r.licenseType, r.status])).toEqual([
        [license.licenseNumber, license.licenseType, license.status],
      ]);
    },
    TEST_TIMEOUT,
  );

  it(
    'reads a surname nobody has as the board saying it found nobody',
    async () => {
      const licenseType = boardId === 'pa-md' ? 'MD' : 'DO';
      const result = await source(boardId).search({ lastName: 'Zzyzxq', firstName: 'Ann', licenseType });
      expect(result).toEqual({ ok: true, value: [], notes: { saidNoResults: true, rejectedRows: [] } });
    },
    TEST_TIMEOUT,
  );
});

describe('one portal for every Pennsylvania board', () => {
  /** A surname both boards hold whose table also lists another profession's licensee beside them. */
  async function sharedSurname(): Promise<string> {
    const mds = new Set(holders('pa-md').map((h) => h.person.lastName));
    const shared = [...new Set(holders('pa-do').map((h) => h.person.lastName))].filter((last) => mds.has(last));
    for (const surname of shared) {
      const prefixes = new Set((await palsRows(surname)).map((r) => r.LicenseNumber.slice(0, 2)));
      if (prefixes.has('MD') && prefixes.has('OS') && prefixes.size > 2) return surname;
    }
    throw new Error('no surname lists MDs, DOs and another profession together');
  }

  it(
    "pa-md keeps only MDs' licenses and pa-do only DOs', though the table lists both and other professions",
    async () => {
      const surname = await sharedSurname();
      const key = searchKey(surname);
      for (const [boardId, licenseType] of [
        ['pa-md', 'MD'],
        ['pa-do', 'DO'],
      ] as const) {
        const result = await source(boardId).search({ lastName: surname, firstName: '', licenseType });
        expect(result.ok, JSON.stringify(result)).toBe(true);
        if (!result.ok) continue;
        // Rows whose detail is read: the surname asked (a longer one it begins is another person's).
        const expected = holders(boardId)
          .filter((h) => searchKey(h.person.lastName) === key)
          .map((h) => h.license.licenseNumber);
        // At most maxDetails of them: a row whose detail is not read is left out.
        const board = realBoard(boardId);
        const cap = board.source.kind === 'browser' ? (board.source.detail?.maxDetails ?? 0) : 0;
        const got = result.value.map((r) => r.licenseNumber);
        expect(got).toHaveLength(Math.min(expected.length, cap));
        for (const number of got) expect(expected).toContain(number);
        expect(result.value.every((r) => r.licenseType === licenseType && r.boardId === boardId)).toBe(true);
      }
    },
    TEST_TIMEOUT,
  );

  it(
    'reads every page of a long answer, up to what PALS lists',
    async () => {
      // A surname's first letter that PALS answers with more than one page (50 rows) but under its cap.
      const letters = [...'ABCDEFGHIJKLMNOPRSTW'];
      let letter: string | undefined;
      for (const candidate of letters) {
        const [first] = await palsRows(candidate);
        if (first && first.TotalRecords > 100 && first.TotalRecords < 500) {
          letter = candidate;
          break;
        }
      }
      if (!letter) throw new Error('no first letter gives a long answer');
      const result = await listOnly('pa-md').search({ lastName: letter, firstName: '', licenseType: 'MD' });
      expect(result.ok, JSON.stringify(result)).toBe(true);
      const expected = holders('pa-md').filter((h) => searchKey(h.person.lastName).startsWith(letter.toLowerCase()));
      expect(result.ok && result.value.length).toBe(expected.length);
      expect((await palsRows(letter, 2)).length).toBeGreaterThan(0);
    },
    TEST_TIMEOUT,
  );

  it(
    'shows the expiry only on a detail the name link opens in a new tab, where the reader reads it',
    async () => {
      const { person, license } = physicianOf('pa-do', 2);
      const browser = await openSharedChromium(findChromium().path);
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.goto(realBoard('pa-do').source.pageUrl);
        await page.fill('#lName', person.lastName);
        await page.fill('#fName', person.firstName);
        await page.click("button.btn-primary:has-text('Search')");
        const row = page.locator('#DataTables_Table_3 tbody tr', { hasText: license.licenseNumber as string });
        await row.waitFor();
        const [detail] = await Promise.all([
          context.waitForEvent('page'),
          row.locator('td').first().locator('a').click(),
        ]);
        await detail.locator('#licenseDetail').waitFor();
        const expiry = license.expiryDate as string;
        const shown = `${expiry.slice(5, 7)}/${expiry.slice(8, 10)}/${expiry.slice(0, 4)}`;
        expect(await detail.locator('#licenseDetail').innerText()).toContain(shown);
        expect(detail.url()).toMatch(/#!\/page\/searchresult$/);
        // The tab the search ran in never shows it.
        expect(page.url()).toMatch(/#!\/page\/search$/);
        expect(await page.locator('body').innerText()).not.toContain(shown);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT,
  );
});

describe('faults', () => {
  // Each waits for rows that never come: a second of quiet decides it, not the board's 3 s.
  const search = (boardId: string) => {
    const { person, license } = physicianOf(boardId);
    return source(boardId, 1_000).search({
      lastName: person.lastName,
      firstName: person.firstName,
      licenseType: license.licenseType,
    });
  };

  it(
    'a page answering 404 is moved',
    async () => {
      await setFault({ boardId: 'pa-md', moved: 'not-found' });
      expect(await search('pa-md')).toMatchObject({ ok: false, error: { kind: 'moved', status: 404 } });
    },
    TEST_TIMEOUT,
  );

  it(
    "a portal sending the browser elsewhere is moved, for both boards (a fault set on pa-do reaches pa-md's reads)",
    async () => {
      await setFault({ boardId: 'pa-do', moved: 'redirect' });
      expect(await search('pa-md')).toMatchObject({
        ok: false,
        error: { kind: 'moved', url: expect.stringContaining('/_moved') },
      });
    },
    TEST_TIMEOUT,
  );

  it(
    'a redesigned page is a change, never "no licenses found"',
    async () => {
      await setFault({ boardId: 'pa-do', changed: true });
      expect(await search('pa-do')).toMatchObject({ ok: false, error: { kind: 'parse-failure' } });
    },
    TEST_TIMEOUT,
  );

  it(
    'an API that answers another shape, under an unchanged page, is a change too',
    async () => {
      const { person } = physicianOf('pa-md');
      // Scoped to the surname: the page loads, only the search it posts meets the fault.
      await setFault({ boardId: 'pa-md', changed: true, lastName: person.lastName });
      expect(await search('pa-md')).toMatchObject({ ok: false, error: { kind: 'parse-failure' } });
    },
    TEST_TIMEOUT,
  );

  it.each(['recaptcha', 'cloudflare'])(
    'a %s page where the portal should be is blocked',
    async (wall) => {
      await setFault({ boardId: 'pa-md', blocked: wall });
      expect(await search('pa-do')).toMatchObject({ ok: false, error: { kind: 'blocked' } });
    },
    TEST_TIMEOUT,
  );

  it(
    'health answers with its latency when the portal says it found nobody',
    async () => {
      expect(await source('pa-md').health()).toMatchObject({ ok: true, value: { latencyMs: expect.any(Number) } });
    },
    TEST_TIMEOUT,
  );
});
