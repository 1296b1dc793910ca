import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from './find-chromium.ts';
import { closeSharedChromium, openSharedChromium } from './open-shared-chromium.ts';
import { readRenderedFieldsExpression, renderedOutcomeExpression } from './read-rendered-fields.ts';

// Read in the system Chromium, as the browser look-up reads a board's page.
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await openSharedChromium(findChromium().path);
  page = await browser.newPage();
}, 30_000);
afterAll(() => closeSharedChromium());

const RESULTS = `<table><tbody>
<tr class="r"><th data-label="Number"><a href="#">MD 123</a></th><td data-label="Name">Okafor,  Ada
  B</td><td><span class="status">Active</span></td><td>Expires 06/30/2027; Active</td></tr>
<tr class="r"><th>DO 9</th><td>Lee, Kim</td><td><span class="status">Expired</span></td><td></td></tr>
</tbody></table>`;

describe('readRenderedFieldsExpression', () => {
  it('reads each row: a cell by position (th and td alike), a selector, a pattern', async () => {
    await page.setContent(RESULTS);
    const rows = await page.evaluate(
      readRenderedFieldsExpression(
        { rows: 'tr.r' },
        { licenseNumber: 0, name: 1, status: 'span.status', expiryDate: { cell: 3, pattern: 'Expires ([0-9/]+)' } },
      ),
    );
    expect(rows).toEqual([
      { licenseNumber: 'MD 123', name: 'Okafor, Ada B', status: 'Active', expiryDate: '06/30/2027' },
      { licenseNumber: 'DO 9', name: 'Lee, Kim', status: 'Expired', expiryDate: null },
    ]);
  });

  it("reads a detail page's values beside their labels, never a form's label", async () => {
    await page.setContent(`<form><label>Status <input name="status"></label><label for="x">Expiration Date</label><input id="x"></form>
<dl><dt>Status:</dt><dd>Active</dd></dl>
<table><tr><th>Expiration</th><td>06/30/2027</td></tr></table>
<div class="slds-form-element"><span>License Type</span><div><b>Medical Doctor</b></div></div>`);
    const [fields] = (await page.evaluate(
      readRenderedFieldsExpression(
        { page: true },
        {
          status: { label: 'Status' },
          expiryDate: { label: ['Expiration Date', 'Expiration'] },
          licenseType: { label: 'License Type' },
          issueDate: { label: 'Issue Date' },
        },
      ),
    )) as Record<string, string | null>[];
    expect(fields).toEqual({
      status: 'Active',
      expiryDate: '06/30/2027',
      licenseType: 'Medical Doctor',
      issueDate: null,
    });
  });
});

describe('renderedOutcomeExpression', () => {
  const outcome = () => page.evaluate(renderedOutcomeExpression('tr.r', ['No Records Found']));

  it("tells rows, the board's visible no-results words, or neither", async () => {
    await page.setContent(RESULTS);
    expect(await outcome()).toBe('rows');
    await page.setContent('<p>No   records found.</p>');
    expect(await outcome()).toBe('none');
    // A template's hidden words say nothing (Oregon's, PSV).
    await page.setContent('<p style="display:none">No Records Found</p><p>Loading…</p>');
    expect(await outcome()).toBe('');
  });
});
