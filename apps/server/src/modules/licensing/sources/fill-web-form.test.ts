import { describe, expect, it } from 'vitest';
import { SourceError } from '../types.ts';
import { fillWebForm } from './fill-web-form.ts';

const PAGE = 'https://www.pfr.maine.gov/ALMSOnline/ALMSQuery/SearchIndividual.aspx';

// A WebForms search page: its state, a regulator list, name boxes, a radio group whose AutoPostBack
// script names the control, two buttons and a LinkButton. Control names are this test's own.
const SEARCH_PAGE = `<!DOCTYPE html><html><body>
<form method="post" action="./SearchIndividual.aspx" id="form1">
<input type="hidden" name="__EVENTTARGET" id="__EVENTTARGET" value="" />
<input type="hidden" name="__EVENTARGUMENT" id="__EVENTARGUMENT" value="" />
<input type="hidden" name="__VIEWSTATE" id="__VIEWSTATE" value="/wEPDwUK" />
<select name="scRegulator" id="scRegulator">
  <option selected="selected" value="">-- Select --</option>
  <option value="MED">Board of Licensure in Medicine</option>
  <option value="OST">Board of Osteopathic Licensure</option>
</select>
<input name="scLastName" id="scLastName" type="text" value="" />
<input name="ctl00$Main$txtFirst" id="scFirstName" type="text" value="" />
<input type="radio" name="ctl00$Main$by" id="rbName" value="rbName" />
<input type="radio" name="ctl00$Main$by" id="rbNumber" value="rbNumber" checked="checked" />
<input type="radio" name="ctl00$Main$view" id="rdbtGrid" value="rdbtGrid"
  onclick="javascript:setTimeout('__doPostBack(\\'ctl00$Main$rdbtGrid\\',\\'\\')', 0)" />
<input type="submit" name="btnSearch" id="btnSearch" value="Search" />
<input type="submit" name="btnClear" id="btnClear" value="Clear" />
<a id="lnkSearch" href="javascript:__doPostBack('ctl00$Main$lnkSearch','')">Search</a>
</form></body></html>`;

const fieldsOf = (fields: [string, string][]) => Object.fromEntries(fields);

describe('fillWebForm', () => {
  it('fills lists and boxes, ticks a radio alone of its group, and presses one button', () => {
    const form = fillWebForm(SEARCH_PAGE, PAGE, 'me-md', {
      values: { scRegulator: 'Board of Licensure in Medicine', scLastName: 'Smith', scFirstName: 'Ann' },
      check: ['rbName'],
      send: { press: 'btnSearch' },
    });
    expect(form.action).toBe(PAGE);
    expect(form.fields).toEqual([
      ['__EVENTTARGET', ''],
      ['__EVENTARGUMENT', ''],
      ['__VIEWSTATE', '/wEPDwUK'],
      ['scRegulator', 'MED'],
      ['scLastName', 'Smith'],
      ['ctl00$Main$txtFirst', 'Ann'],
      ['ctl00$Main$by', 'rbName'],
      ['btnSearch', 'Search'],
    ]);
  });

  it("chooses a list's option by value as well as by text", () => {
    const form = fillWebForm(SEARCH_PAGE, PAGE, 'me-md', {
      values: { scRegulator: 'OST' },
      send: { press: 'btnSearch' },
    });
    expect(fieldsOf(form.fields).scRegulator).toBe('OST');
  });

  it('raises the event of a LinkButton pressed, with no button sent', () => {
    const form = fillWebForm(SEARCH_PAGE, PAGE, 'me-md', {
      values: { scLastName: 'Smith' },
      send: { press: 'lnkSearch' },
    });
    const fields = fieldsOf(form.fields);
    expect(fields.__EVENTTARGET).toBe('ctl00$Main$lnkSearch');
    expect(fields).not.toHaveProperty('btnSearch');
    expect(fields.scLastName).toBe('Smith');
  });

  it("posts back an AutoPostBack radio: ticked, its script's target raised", () => {
    const form = fillWebForm(SEARCH_PAGE, PAGE, 'me-md', { send: { postBack: 'rdbtGrid' } });
    const fields = fieldsOf(form.fields);
    expect(fields.__EVENTTARGET).toBe('ctl00$Main$rdbtGrid');
    expect(fields.__EVENTARGUMENT).toBe('');
    expect(fields.ctl00$Main$view).toBe('rdbtGrid');
    expect(fields).not.toHaveProperty('btnSearch');
  });

  it('raises a given event (a pager link)', () => {
    const form = fillWebForm(SEARCH_PAGE, PAGE, 'me-md', { send: { event: { target: 'gv', argument: 'Page$2' } } });
    expect(form.fields.slice(0, 3)).toEqual([
      ['__EVENTTARGET', 'gv'],
      ['__EVENTARGUMENT', 'Page$2'],
      ['__VIEWSTATE', '/wEPDwUK'],
    ]);
  });

  it('fails naming a control the page does not have, or an option it does not offer', () => {
    const attempt = (values: Record<string, string>) => () =>
      fillWebForm(SEARCH_PAGE, PAGE, 'me-md', { values, send: { press: 'btnSearch' } });
    expect(attempt({ ctl00_Main_txtLastName: 'Smith' })).toThrow(/no control 'ctl00_Main_txtLastName'/);
    expect(attempt({ scRegulator: 'Dentistry' })).toThrow(/offers no option 'Dentistry'/);
    const error = (() => {
      try {
        attempt({ ctl00_Main_txtLastName: 'Smith' })();
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).failure.kind).toBe('parse-failure');
  });
});
