import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTML_STATUS, usDate } from '../board-records.ts';
import type { BoardLicense } from '../population.ts';
import { searchKey } from '../population-index.ts';
import { type BoardSimulator, startBoardSimulator } from '../server.ts';
import { ACCELA_FORM, ACCELA_GRID } from './accela-lookup.ts';
import { WebFormsVisitor } from './webforms-visitor.ts';

// Michigan's Accela licensee search: its search button a link that posts back, every profession in the
// grid, zero-width characters inside the values, ten rows a page behind a "Next" link posting `Page$N`.

let sim: BoardSimulator;
beforeAll(async () => {
  sim = await startBoardSimulator({ port: 0, size: 3000 });
});
afterAll(() => sim.close());

const PAGE = '/sites/aca-prod.accela.com/MILARA/GeneralProperty/PropertyLookUp.aspx?isLicensee=Y&TabName=Home';
const ZERO_WIDTH = /[\u200b\u200c\u200d]/g;

function michigan(): BoardLicense[] {
  const found: BoardLicense[] = [];
  for (const person of sim.population.people())
    for (const license of person.licenses)
      if (license.boardId === 'mi-md' || license.boardId === 'mi-do') found.push({ person, license });
  return found;
}

/** The grid's rows, each cell's text as shown (zero-width characters kept). */
function rows(html: string): string[][] {
  return [...html.matchAll(/<tr class="ACA_TabRow_(?:Odd|Even)">([\s\S]*?)<\/tr>/g)].map(([, row]) =>
    [...(row as string).matchAll(/<td>([\s\S]*?)<\/td>/g)].map((m) => (m[1] as string).replace(/<[^>]+>/g, '')),
  );
}

const searchFor = (values: Record<string, string>) => async () => {
  const visitor = await new WebFormsVisitor().get(`${sim.url}${PAGE}`);
  return visitor.postBack(ACCELA_FORM.search.name, '', values);
};

describe("Michigan's Accela licensee search", () => {
  it('searches when its link button posts the page back; pressing nothing searches nothing', async () => {
    const { person } = michigan()[0] as BoardLicense;
    const visitor = await new WebFormsVisitor().get(`${sim.url}${PAGE}`);
    expect(visitor.html).toContain(
      `<a id="${ACCELA_FORM.search.id}" class="ACA_LgButton ACA_LgButton_FontSize" href="javascript:__doPostBack(&#39;${ACCELA_FORM.search.name}&#39;,&#39;&#39;)">`,
    );
    await visitor.submit({ [ACCELA_FORM.lastName.name]: person.lastName }, ACCELA_FORM.search.name);
    expect(rows(visitor.html)).toEqual([]);
    const searched = await searchFor({ [ACCELA_FORM.lastName.name]: person.lastName })();
    expect(rows(searched.html).length).toBeGreaterThan(0);
  });

  it('lists type, number, first, middle and last name, organisation, DBA, status, expiry, zero-width characters inside', async () => {
    const { person, license } = michigan()[0] as BoardLicense;
    const visitor = await searchFor({
      [ACCELA_FORM.lastName.name]: person.lastName,
      [ACCELA_FORM.firstName.name]: person.firstName,
    })();
    const clean = rows(visitor.html).map((cells) => cells.map((c) => c.replace(ZERO_WIDTH, '')));
    const row = clean.find((cells) => cells[1] === license.licenseNumber);
    expect(row).toEqual([
      license.licenseType === 'MD' ? 'Medical Doctor' : 'Osteopathic Physician',
      license.licenseNumber,
      person.firstName,
      license.middleAsPublished ?? '',
      license.lastNameAsPublished,
      '',
      '',
      HTML_STATUS[license.status],
      usDate(license.expiryDate),
    ]);
    const shown = rows(visitor.html).flat().join('');
    expect(shown).toMatch(ZERO_WIDTH);
  });

  it('pages ten rows at a time: "Next page" posts Page$N back to the grid, every licensee of the surnames once', async () => {
    // The initial most Michigan licensees' surnames begin with: more than a page of them.
    const all = michigan();
    const initials = new Map<string, number>();
    for (const h of all) {
      const initial = searchKey(h.person.lastName).charAt(0);
      initials.set(initial, (initials.get(initial) ?? 0) + 1);
    }
    const [initial] = [...initials].sort((a, b) => b[1] - a[1])[0] as [string, number];
    const expected = all
      .filter((h) => searchKey(h.person.lastName).startsWith(initial))
      .map((h) => h.license.licenseNumber);
    expect(expected.length).toBeGreaterThan(10);
    const visitor = await searchFor({ [ACCELA_FORM.lastName.name]: initial.toUpperCase() })();
    const seen: string[] = [];
    for (let page = 1; page < 50; page++) {
      const shown = rows(visitor.html);
      seen.push(...shown.map((cells) => (cells[1] as string).replace(ZERO_WIDTH, '')));
      const next =
        /href="javascript:__doPostBack\(&#39;([^&]+)&#39;,&#39;(Page\$\d+)&#39;\)" class="aca_pagination_PrevNext" title="Next page"/.exec(
          visitor.html,
        );
      if (!next) {
        expect(visitor.html).toContain('<span class="aca_pagination_PrevNext disabled">Next &gt;</span>');
        break;
      }
      expect(shown).toHaveLength(10);
      expect(next[1]).toBe(ACCELA_GRID.name);
      expect(next[2]).toBe(`Page$${page + 1}`);
      await visitor.postBack(next[1] as string, next[2] as string);
    }
    for (const number of expected) expect(seen).toContain(number);
    expect(new Set(seen).size).toBe(seen.length);
    // Other professions share the page: a physician board's reader must leave them out.
    expect(seen.some((n) => /^(RN|PA|RPH)\d{6}$/.test(n))).toBe(true);
  });

  it('answers a miss in its own words', async () => {
    const visitor = await searchFor({ [ACCELA_FORM.lastName.name]: 'Qwxzyvranek' })();
    expect(visitor.html).toContain('Your search returned no results.');
  });
});
