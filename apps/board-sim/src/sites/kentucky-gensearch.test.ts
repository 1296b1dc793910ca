import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTML_STATUS, usDate } from '../board-records.ts';
import type { BoardLicense } from '../population.ts';
import { type BoardSimulator, startBoardSimulator } from '../server.ts';
import { KENTUCKY_FORM } from './kentucky-gensearch.ts';
import { WebFormsVisitor } from './webforms-visitor.ts';

// Kentucky's GenSearch: the search redirects to LicenseList.aspx, which lists licensees one after another
// as label/value rows; the rdbtGrid radio posts the page back to show them as PSV's grid.

let sim: BoardSimulator;
beforeAll(async () => {
  sim = await startBoardSimulator({ port: 0, size: 3000 });
});
afterAll(() => sim.close());

const PAGE = '/sites/web1.ky.gov/GenSearch/LicenseSearch.aspx?AGY=5';

function kentucky(): BoardLicense[] {
  const found: BoardLicense[] = [];
  for (const person of sim.population.people()) {
    const license = person.licenses.find((l) => l.boardId === 'ky-med');
    if (license) found.push({ person, license });
  }
  return found;
}

async function searched(values: Record<string, string>) {
  const visitor = await new WebFormsVisitor().get(`${sim.url}${PAGE}`);
  return visitor.submit(values, KENTUCKY_FORM.search.name);
}

function gridRows(html: string): string[][] {
  return [...html.matchAll(/<tr>(<td>[\s\S]*?)<\/tr>/g)].map(([, row]) =>
    [...(row as string).matchAll(/<td>([\s\S]*?)<\/td>/g)].map((m) => m[1] as string),
  );
}

describe("Kentucky's license search", () => {
  it('redirects the search to LicenseList.aspx, the licensees listed as label/value rows, no grid', async () => {
    const { person, license } = kentucky()[0] as BoardLicense;
    const visitor = await searched({ [KENTUCKY_FORM.lastName.name]: person.lastName });
    expect(visitor.url).toContain(
      `/GenSearch/LicenseList.aspx?AGY=5&FLD1=${encodeURIComponent(person.lastName)}&FLD2=&FLD3=0&FLD4=0&TYPE=`,
    );
    expect(visitor.html).toContain('<form method="post" action="./LicenseList.aspx?AGY=5&amp;FLD1=');
    expect(visitor.html).toContain('<div class="row"><div class="cols2-col1">License:</div><div class="cols2-col2">');
    expect(visitor.html).toContain(`<div class="cols2-col2">${license.licenseNumber}</div>`);
    expect(visitor.html).not.toContain('<table');
    expect(visitor.html).toContain(
      `id="${KENTUCKY_FORM.grid.id}" type="radio" name="${KENTUCKY_FORM.grid.name}" value="rdbtGrid"`,
    );
  });

  it("shows the grid after the rdbtGrid radio's post-back: first, last, … 8 license, 9 status, 10 expiration", async () => {
    const { person, license } = kentucky()[0] as BoardLicense;
    const visitor = await searched({ [KENTUCKY_FORM.lastName.name]: person.lastName });
    await visitor.postBack(KENTUCKY_FORM.grid.name);
    expect(visitor.status).toBe(200);
    expect(visitor.html).toContain('<table cellspacing="0" rules="all" border="1" id="usLicenseList_gvLicensees"');
    const row = gridRows(visitor.html).find((cells) => cells[8] === license.licenseNumber);
    expect(row).toHaveLength(18);
    expect([row?.[0], row?.[1], row?.[9], row?.[10]]).toEqual([
      person.firstName,
      license.lastNameAsPublished,
      HTML_STATUS[license.status],
      usDate(license.expiryDate),
    ]);
    expect(row?.[15]).toMatch(license.licenseType === 'DO' ? /Osteopathic/ : /School of Medicine|College of Medicine/);
    // The radio ticked without script raises the same change when the form is posted.
    const ticked = await searched({ [KENTUCKY_FORM.lastName.name]: person.lastName });
    await ticked.submit({ [KENTUCKY_FORM.grid.name]: 'rdbtGrid' });
    expect(gridRows(ticked.html).length).toBeGreaterThan(0);
  });

  it('finds a license by number; says so when nobody matched; needs a criterion', async () => {
    const { license } = kentucky()[2] as BoardLicense;
    const byNumber = await searched({ [KENTUCKY_FORM.licenseNumber.name]: license.licenseNumber ?? '' });
    await byNumber.postBack(KENTUCKY_FORM.grid.name);
    expect(gridRows(byNumber.html).map((cells) => cells[8])).toEqual([license.licenseNumber]);
    const miss = await searched({ [KENTUCKY_FORM.lastName.name]: 'Qwxzyvranek' });
    expect(miss.html).toContain('No licensees were found matching your criteria.');
    const none = await searched({});
    expect(none.url).toContain('LicenseSearch.aspx');
    expect(none.html).toContain('Please enter a last name or a license number.');
  });
});
