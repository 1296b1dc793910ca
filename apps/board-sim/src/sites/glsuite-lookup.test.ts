import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTML_STATUS, usDate } from '../board-records.ts';
import type { BoardLicense } from '../population.ts';
import { type BoardSimulator, startBoardSimulator } from '../server.ts';
import { ARIZONA_FORM, WYOMING_FORM } from './glsuite-lookup.ts';
import { WebFormsVisitor } from './webforms-visitor.ts';

// GLSuite's look-ups: Wyoming's one page answering its post-back with the grid (the combined
// "Expires …; status" cell), Arizona's two steps (results, then each licensee's profile).

let sim: BoardSimulator;
beforeAll(async () => {
  sim = await startBoardSimulator({ port: 0, size: 3000 });
});
afterAll(() => sim.close());

const WYOMING =
  '/sites/wybomv7prod.glsuite.us/GLSuiteWeb/Clients/WYBOM/Public/LicenseeSearch.aspx?SearchType=Physician';
const ARIZONA = '/sites/azbomv7prod.glsuite.us/GLSuiteWeb/Clients/AZBOM/public/WebVerificationSearch.aspx?q=azmd';

function licensesOf(boardId: string): BoardLicense[] {
  const found: BoardLicense[] = [];
  for (const person of sim.population.people()) {
    const license = person.licenses.find((l) => l.boardId === boardId);
    if (license) found.push({ person, license });
  }
  return found;
}

/** The data rows of the grid: each cell's text. */
function georgiaRows(html: string): string[][] {
  return [...html.matchAll(/<tr class="Georgia11">([\s\S]*?)<\/tr>/g)].map(([, row]) =>
    [...(row as string).matchAll(/<td>([\s\S]*?)<\/td>/g)].map((m) => (m[1] as string).replace(/<[^>]+>/g, '')),
  );
}

describe("Wyoming's licensee search", () => {
  it('answers its post-back with the grid: a header row of cells, then Georgia11 rows of eleven cells', async () => {
    const { person, license } = licensesOf('wy-med').find((h) => h.license.expiryDate) as BoardLicense;
    const visitor = await new WebFormsVisitor().get(`${sim.url}${WYOMING}`);
    expect(visitor.html).toContain(`id="${WYOMING_FORM.lastName.id}"`);
    expect(visitor.html).toContain(`name="${WYOMING_FORM.lastName.name}"`);
    await visitor.submit({ [WYOMING_FORM.lastName.name]: person.lastName }, WYOMING_FORM.submit.name);
    expect(visitor.html).toContain('id="ContentPlaceHolder1_dtgResults"');
    expect(visitor.html).toMatch(/<tr class="GeorgiaHeader"><td><b>Licensee Name<\/b><\/td>/);
    const row = georgiaRows(visitor.html).find((cells) => cells[3] === license.licenseNumber);
    expect(row).toHaveLength(11);
    expect(row?.[0]).toMatch(
      new RegExp(`^${license.lastNameAsPublished.toUpperCase()}, ${person.firstName.toUpperCase()}`),
    );
    expect(row?.[4]).toBe(usDate(license.issueDate));
    expect(row?.[6]).toBe(`Expires ${usDate(license.expiryDate)}; ${HTML_STATUS[license.status]}`);
    expect(row?.[8]).toBe(license.licenseType);
  });

  it('finds a license by its number, and says so when nothing matched', async () => {
    const { license } = licensesOf('wy-med')[1] as BoardLicense;
    const visitor = await new WebFormsVisitor().get(`${sim.url}${WYOMING}`);
    await visitor.submit({ [WYOMING_FORM.licenseNumber.name]: license.licenseNumber ?? '' }, WYOMING_FORM.submit.name);
    expect(georgiaRows(visitor.html).map((cells) => cells[3])).toEqual([license.licenseNumber]);
    await visitor.submit({ [WYOMING_FORM.lastName.name]: 'Qwxzyvranek' }, WYOMING_FORM.submit.name);
    expect(visitor.html).toContain('No records were found matching your search criteria.');
  });
});

describe("Arizona's verification search", () => {
  it('needs a license list chosen; with rbName1 it redirects to Results.aspx, each name linking a profile', async () => {
    const { person, license } = licensesOf('az-md')[0] as BoardLicense;
    const visitor = await new WebFormsVisitor().get(`${sim.url}${ARIZONA}`);
    const names = { [ARIZONA_FORM.lastName.name]: person.lastName, [ARIZONA_FORM.firstName.name]: person.firstName };
    await visitor.submit(names, ARIZONA_FORM.nameSearch.name);
    expect(visitor.url).toContain('WebVerificationSearch.aspx');
    expect(visitor.html).toContain('Please select a license type to search.');
    await visitor.submit({ ...names, [ARIZONA_FORM.list]: 'rbName1' }, ARIZONA_FORM.nameSearch.name);
    expect(visitor.url).toMatch(/\/GLSuiteWeb\/Clients\/AZBOM\/public\/Results\.aspx$/);
    const row = georgiaRows(visitor.html).find((cells) => cells[2] === license.licenseNumber);
    expect(row?.slice(1, 3)).toEqual(['MD', license.licenseNumber]);
    // The list gives no standing: the profile does.
    expect(row?.join(' ')).not.toContain(HTML_STATUS[license.status]);
    const link = new RegExp(
      `<a href="(Profile\\.aspx\\?entityID=[^"]+)" target="_blank">${license.lastNameAsPublished}`,
    ).exec(visitor.html);
    await visitor.get(new URL(link?.[1] ?? '', visitor.url).toString());
    expect(visitor.html).toMatch(
      new RegExp(
        `<table id="ContentPlaceHolder1_tblProfile">\\n<tr><td class="label">License Number</td><td>${license.licenseNumber}</td></tr>`,
      ),
    );
    expect(visitor.html).toContain(`<td class="label">License Status</td><td>${HTML_STATUS[license.status]}</td>`);
    expect(visitor.html).toContain(`<td class="label">Expiration Date</td><td>${usDate(license.expiryDate)}</td>`);
  });

  it('rbName2 lists the physician assistants instead; the number search has its own box and button', async () => {
    const { person, license } = licensesOf('az-md')[0] as BoardLicense;
    const visitor = await new WebFormsVisitor().get(`${sim.url}${ARIZONA}`);
    await visitor.submit(
      { [ARIZONA_FORM.lastName.name]: person.lastName, [ARIZONA_FORM.list]: 'rbName2' },
      ARIZONA_FORM.nameSearch.name,
    );
    for (const cells of georgiaRows(visitor.html)) expect(cells[1]).toBe('PA');
    const byNumber = await new WebFormsVisitor().get(`${sim.url}${ARIZONA}`);
    await byNumber.submit(
      { [ARIZONA_FORM.licenseNumber.name]: license.licenseNumber ?? '' },
      ARIZONA_FORM.numberSearch.name,
    );
    expect(georgiaRows(byNumber.html).map((cells) => cells[2])).toEqual([license.licenseNumber]);
  });

  it("keeps the search in the session: another visit's Results.aspx has none", async () => {
    const visitor = await new WebFormsVisitor().get(
      `${sim.url}${ARIZONA.replace('WebVerificationSearch.aspx?q=azmd', 'Results.aspx')}`,
    );
    expect(visitor.status).toBe(200);
    expect(visitor.html).toContain('Your search has expired.');
  });
});
