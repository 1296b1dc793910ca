import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTML_STATUS, usDate } from '../board-records.ts';
import type { BoardLicense } from '../population.ts';
import { type BoardSimulator, startBoardSimulator } from '../server.ts';
import { ARKANSAS_FORM } from './arkansas-verify.ts';
import { WebFormsVisitor } from './webforms-visitor.ts';

// The Arkansas State Medical Board's verification: one box read as a number or a surname by its radio;
// a surname lands on lookup.aspx's grid, whose name links post back and land on results.aspx; a number
// lands on results.aspx directly.

let sim: BoardSimulator;
beforeAll(async () => {
  sim = await startBoardSimulator({ port: 0, size: 3000 });
});
afterAll(() => sim.close());

const PAGE = '/sites/armedicalboard.adh.arkansas.gov/public/verify/default.aspx';

function arkansas(): BoardLicense[] {
  const found: BoardLicense[] = [];
  for (const person of sim.population.people()) {
    const license = person.licenses.find((l) => l.boardId === 'ar-med');
    if (license) found.push({ person, license });
  }
  return found;
}

async function verified(box: string, radio: string) {
  const visitor = await new WebFormsVisitor().get(`${sim.url}${PAGE}`);
  return visitor.submit(
    { [ARKANSAS_FORM.box.name]: box, [ARKANSAS_FORM.byNumber.name]: radio },
    ARKANSAS_FORM.verify.name,
  );
}

describe("Arkansas's license verification", () => {
  it('reads the box as a license number unless the last-name radio is chosen', async () => {
    const visitor = await new WebFormsVisitor().get(`${sim.url}${PAGE}`);
    expect(visitor.html).toContain(
      `id="${ARKANSAS_FORM.byNumber.id}" type="radio" name="${ARKANSAS_FORM.byNumber.name}" value="LicenseNumber" checked="checked"`,
    );
    expect(visitor.html).toContain(`id="${ARKANSAS_FORM.byLastName.id}" type="radio"`);
    const { person } = arkansas()[0] as BoardLicense;
    const asNumber = await verified(person.lastName, ARKANSAS_FORM.byNumber.value);
    expect(asNumber.url).toContain('default.aspx');
    expect(asNumber.html).toContain('Your search did not return any results.');
  });

  it('lands a surname on the lookup grid, whose name link posts back and lands on the license', async () => {
    const { person, license } = arkansas()[0] as BoardLicense;
    const visitor = await verified(person.lastName, ARKANSAS_FORM.byLastName.value);
    expect(visitor.url).toMatch(/\/public\/verify\/lookup\.aspx$/);
    const row = new RegExp(
      `<tr class="gridrows"><td><a id="(ctl00_MainContentPlaceHolder_gvVerifyLicenseResultsLookup_ctl\\d{2}_VerifySelectFindLicense)" href="javascript:__doPostBack\\(&#39;([^&]+)&#39;,&#39;&#39;\\)">[^<]+</a></td><td>[^<]+</td><td>${license.licenseType === 'MD' ? 'M\\.D\\.' : 'D\\.O\\.'}</td><td>${license.licenseNumber}</td></tr>`,
    ).exec(visitor.html);
    expect(row).not.toBeNull();
    await visitor.postBack(row?.[2] as string);
    expect(visitor.url).toMatch(/\/public\/verify\/results\.aspx$/);
    expect(visitor.html).toContain(
      `<span id="ctl00_MainContentPlaceHolder_lvResultsLicInfo_ctrl0_lblLicnumInfo">${license.licenseNumber}</span>`,
    );
    expect(visitor.html).toContain(
      `<span id="ctl00_MainContentPlaceHolder_lvResultsLicInfo_ctrl0_lblStatusInfo">${HTML_STATUS[license.status]}</span>`,
    );
    expect(visitor.html).toContain(
      `<span id="ctl00_MainContentPlaceHolder_lvResultsLicInfo_ctrl0_lblEndDateInfo">${usDate(license.expiryDate)}</span>`,
    );
  });

  it('lands a license number on the license itself', async () => {
    const { license } = arkansas()[1] as BoardLicense;
    const visitor = await verified(license.licenseNumber ?? '', ARKANSAS_FORM.byNumber.value);
    expect(visitor.url).toMatch(/\/results\.aspx$/);
    expect(visitor.html).toContain(`lblLicnumInfo">${license.licenseNumber}</span>`);
    expect(visitor.html).not.toContain('gridrows');
  });

  it('another visit has no search: its lookup.aspx sends it back to the form', async () => {
    const visitor = await new WebFormsVisitor().get(`${sim.url}${PAGE.replace('default.aspx', 'lookup.aspx')}`);
    expect(visitor.url).toMatch(/default\.aspx$/);
  });
});
