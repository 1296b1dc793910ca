import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTML_STATUS, usDate } from '../board-records.ts';
import type { BoardLicense } from '../population.ts';
import { type BoardSimulator, startBoardSimulator } from '../server.ts';
import { MAINE_FORM } from './maine-alms.ts';
import { WebFormsVisitor } from './webforms-visitor.ts';

// Maine's ALMS Online: the regulator is required and decides whose licenses are listed; the name links
// the license's detail by posting the page back.

let sim: BoardSimulator;
beforeAll(async () => {
  sim = await startBoardSimulator({ port: 0, size: 6000 });
});
afterAll(() => sim.close());

const PAGE = '/sites/www.pfr.maine.gov/ALMSOnline/ALMSQuery/SearchIndividual.aspx';

function maine(boardId: string): BoardLicense[] {
  const found: BoardLicense[] = [];
  for (const person of sim.population.people()) {
    const license = person.licenses.find((l) => l.boardId === boardId);
    if (license) found.push({ person, license });
  }
  return found;
}

async function searched(values: Record<string, string>) {
  const visitor = await new WebFormsVisitor().get(`${sim.url}${PAGE}`);
  return visitor.submit(values, MAINE_FORM.search.name);
}

/** The rows of the results grid, each cell's text. */
function rows(html: string): string[][] {
  const grid = /<table [^>]*id="gvLicensees"[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
  return [...grid.matchAll(/<tr>(<td>[\s\S]*?)<\/tr>/g)].map(([, row]) =>
    [...(row as string).matchAll(/<td>([\s\S]*?)<\/td>/g)].map((m) => (m[1] as string).replace(/<[^>]+>/g, '')),
  );
}

describe("Maine's ALMS individual search", () => {
  it("keeps its controls' own ids and sends them under the master page's names", async () => {
    const visitor = await new WebFormsVisitor().get(`${sim.url}${PAGE}`);
    expect(visitor.html).toContain('<select name="ctl00$MainContent$scRegulator" id="scRegulator">');
    expect(visitor.html).toContain('id="scLastName"');
    expect(visitor.html).toContain(
      '<input type="submit" name="ctl00$MainContent$btnSearch" value="Search" id="btnSearch" />',
    );
  });

  it('refuses a search without a regulator, and lists by the regulator chosen', async () => {
    const { person, license } = maine('me-md')[0] as BoardLicense;
    const without = await searched({ [MAINE_FORM.lastName.name]: person.lastName });
    expect(without.html).toContain('Regulator is required.');
    expect(rows(without.html)).toEqual([]);
    const medicine = await searched({
      [MAINE_FORM.regulator.name]: 'MEDICINE',
      [MAINE_FORM.lastName.name]: person.lastName,
    });
    const row = rows(medicine.html).find((cells) => cells[1] === license.licenseNumber);
    expect(row?.slice(3)).toEqual(['Physician', HTML_STATUS[license.status]]);
    for (const cells of rows(medicine.html)) expect(['Physician', 'Physician Assistant']).toContain(cells[3]);
    const osteopathic = await searched({
      [MAINE_FORM.regulator.name]: 'OSTEOPATHIC',
      [MAINE_FORM.lastName.name]: person.lastName,
    });
    expect(rows(osteopathic.html).some((cells) => cells[1] === license.licenseNumber)).toBe(false);
    const all = await searched({ [MAINE_FORM.regulator.name]: 'ALL', [MAINE_FORM.lastName.name]: person.lastName });
    expect(rows(all.html).some((cells) => cells[1] === license.licenseNumber)).toBe(true);
  });

  it("posts the name's link back and answers the detail, its expiry the attribute group's fourth row", async () => {
    const { person, license } = maine('me-do')[0] as BoardLicense;
    const visitor = await searched({ [MAINE_FORM.regulator.name]: 'ALL', [MAINE_FORM.lastName.name]: person.lastName });
    const link = new RegExp(
      `href="javascript:__doPostBack\\(&#39;([^&]+)&#39;,&#39;&#39;\\)">[^<]*</a></td><td>${license.licenseNumber}</td>`,
    ).exec(visitor.html);
    expect(link).not.toBeNull();
    const results = visitor.html;
    await visitor.postBack(link?.[1] as string);
    expect(visitor.url).toContain('SearchIndividual.aspx');
    const group = /<div class="DetailGroup Attributes">\n([\s\S]*?)\n<\/div>/.exec(visitor.html)?.[1] ?? '';
    expect(group.split('\n')[3]).toBe(
      `<div><div class="label">Expiration Date</div><div>${usDate(license.expiryDate)}</div></div>`,
    );
    expect(visitor.html).toMatch(
      /<div id="detailPage"><div>\n<div class="DetailHeader">[\s\S]*\n<div>\n<div class="DetailGroup Attributes">/,
    );
    // The results page's state is still good for the session: its other links open their details too.
    visitor.html = results;
    await visitor.postBack(link?.[1] as string);
    expect(visitor.html).toContain(`<div>${license.licenseNumber}</div>`);
  });
});
