import { describe, expect, it } from 'vitest';
import { readPostBackForm } from './read-post-back-form.ts';

const PAGE = 'https://dashboard.albme.gov/Verification/roster.aspx';

// An ASP.NET WebForms page as the framework writes one: its hidden state, a site search before the
// server form, controls of every kind, two submit buttons.
const WEBFORMS_PAGE = `<!DOCTYPE html>
<html><head><title>Roster</title></head>
<body>
<form action="/search" method="get"><input name="q" value=""><input type="submit" value="Search"></form>
<form method="post" action="./roster.aspx?type=full&amp;x=1" id="form1">
<div class="aspNetHidden">
<input type="hidden" name="__EVENTTARGET" id="__EVENTTARGET" value="" />
<input type="hidden" name="__EVENTARGUMENT" id="__EVENTARGUMENT" value="" />
<input type="hidden" name="__VIEWSTATE" id="__VIEWSTATE" value="/wEPDwUKMTY1NDU2MTA1Mg9kFgJmD2QWAgIDD2QWAgIBDxAPFgIeC18hRGF0YUJvdW5kZ2Q=" />
</div>
<div class="aspNetHidden">
<input type="hidden" name="__VIEWSTATEGENERATOR" id="__VIEWSTATEGENERATOR" value="0C4A1B2F" />
<input type="hidden" name="__EVENTVALIDATION" id="__EVENTVALIDATION" value="/wEdAAW+a+b=" />
</div>
<select name="ctl00$Main$ddlType" id="ctl00_Main_ddlType">
  <option value="ALL">All</option>
  <option selected="selected" value="MD">Medical Doctor</option>
  <option value="DO">Doctor of Osteopathy</option>
</select>
<select name="ctl00$Main$ddlFormat"><option>  Comma   separated </option><option>Tab</option></select>
<select name="ctl00$Main$lbStatus" multiple><option value="A" selected>Active</option><option value="P">Probation</option><option value="T" selected disabled>Temp</option></select>
<input type="text" name="ctl00$Main$txtName" value="O&#39;Neil &amp; Co" />
<input name="ctl00$Main$txtUntyped" />
<input type="checkbox" name="ctl00$Main$chkPas" checked="checked" />
<input type="checkbox" name="ctl00$Main$chkOff" value="yes" />
<input type="radio" name="ctl00$Main$rbl" value="csv" checked />
<input type="radio" name="ctl00$Main$rbl" value="xls" />
<input type="text" name="ctl00$Main$txtDisabled" value="no" disabled />
<fieldset disabled><input type="hidden" name="ctl00$Main$inFieldset" value="no" /></fieldset>
<input type="text" value="nameless" />
<textarea name="ctl00$Main$txtNote">line one
line two</textarea>
<input type="button" name="ctl00$Main$btnPrint" value="Print" />
<input type="submit" name="ctl00$Main$btnDownload" value="Download Roster" id="ctl00_Main_btnDownload" />
<input type="submit" name="ctl00$Main$btnClear" value="Clear" id="ctl00_Main_btnClear" />
</form>
</body></html>`;

const STATE: [string, string][] = [
  ['__EVENTTARGET', ''],
  ['__EVENTARGUMENT', ''],
  ['__VIEWSTATE', '/wEPDwUKMTY1NDU2MTA1Mg9kFgJmD2QWAgIDD2QWAgIBDxAPFgIeC18hRGF0YUJvdW5kZ2Q='],
  ['__VIEWSTATEGENERATOR', '0C4A1B2F'],
  ['__EVENTVALIDATION', '/wEdAAW+a+b='],
  ['ctl00$Main$ddlType', 'MD'],
  ['ctl00$Main$ddlFormat', 'Comma separated'],
  ['ctl00$Main$lbStatus', 'A'],
  ['ctl00$Main$txtName', "O'Neil & Co"],
  ['ctl00$Main$txtUntyped', ''],
  ['ctl00$Main$chkPas', 'on'],
  ['ctl00$Main$rbl', 'csv'],
  ['ctl00$Main$txtNote', 'line one\r\nline two'],
];

function thrown(read: () => unknown): unknown {
  try {
    read();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('readPostBackForm', () => {
  it('sends back every field a browser would, in order, with the first submit button, to the resolved action', () => {
    const form = readPostBackForm(WEBFORMS_PAGE, PAGE, 'al-med');
    expect(form.action).toBe('https://dashboard.albme.gov/Verification/roster.aspx?type=full&x=1');
    expect(form.fields).toEqual([...STATE, ['ctl00$Main$btnDownload', 'Download Roster']]);
  });

  it('presses the button named by submit, by its name or else its id', () => {
    const byName = readPostBackForm(WEBFORMS_PAGE, PAGE, 'al-med', 'ctl00$Main$btnClear');
    expect(byName.fields).toEqual([...STATE, ['ctl00$Main$btnClear', 'Clear']]);
    const byId = readPostBackForm(WEBFORMS_PAGE, PAGE, 'al-med', 'ctl00_Main_btnClear');
    expect(byId.fields).toEqual(byName.fields);
  });

  it('fails clearly without a form, without the named button, or without any submit button', () => {
    expect(() => readPostBackForm('<html><body><h1>Roster</h1></body></html>', PAGE, 'al-med')).toThrow(
      `al-med: the page at ${PAGE} holds no form to post back: the address is not the bulk file's page`,
    );
    expect(() => readPostBackForm(WEBFORMS_PAGE, PAGE, 'al-med', 'ctl00$Main$btnExport')).toThrow(
      `al-med: the page at ${PAGE} has no submit button named 'ctl00$Main$btnExport' (postBack.submit)`,
    );
    // A button that does not submit (type=button) is not one to press.
    expect(() =>
      readPostBackForm(
        '<form method="post"><input type="hidden" name="a" value="1"><input type="button" name="b" value="Go"></form>',
        PAGE,
        'al-med',
      ),
    ).toThrow(`al-med: the form of the page at ${PAGE} has no submit button to press`);
    expect(thrown(() => readPostBackForm('<p>no form</p>', PAGE, 'al-med'))).toMatchObject({
      failure: { kind: 'parse-failure' },
    });
  });

  it('posts to the page itself without an action, honours <base href>, formaction and image buttons', () => {
    const noAction = readPostBackForm(
      '<form method="post"><input type="hidden" name="__VIEWSTATE" value="v"><button>Go</button></form>',
      `${PAGE}?a=1`,
      'al-med',
    );
    // A <button> without a name submits the form but sends no field of its own.
    expect(noAction).toEqual({ action: `${PAGE}?a=1`, fields: [['__VIEWSTATE', 'v']] });
    const based = readPostBackForm(
      '<head><base href="https://files.albme.gov/out/"></head><form method="post" action="licensees.csv"><input type="image" name="btn" src="x.png"></form>',
      PAGE,
      'al-med',
    );
    expect(based).toEqual({
      action: 'https://files.albme.gov/out/licensees.csv',
      fields: [
        ['btn.x', '0'],
        ['btn.y', '0'],
      ],
    });
    const formAction = readPostBackForm(
      '<form method="post" action="page.aspx"><button type="submit" name="go" value="1" formaction="/export.ashx">Export</button></form>',
      PAGE,
      'al-med',
    );
    expect(formAction).toEqual({ action: 'https://dashboard.albme.gov/export.ashx', fields: [['go', '1']] });
  });

  it('submit: null reads a form its script submits, as a sign-in posts its answer on, with no button pressed', () => {
    const B2C_ANSWER =
      '<html><body><form method="POST" name="hiddenform" action="https://portal.example.gov/signin-oidc?x=1&amp;y=2">' +
      '<input type="hidden" name="state" value="s1" /><input type="hidden" name="code" value="c&amp;2" />' +
      '<noscript><p>Script is disabled.</p><input type="submit" value="Submit" /></noscript></form>' +
      "<script>window.setTimeout('document.forms[0].submit()', 0);</script></body></html>";
    expect(readPostBackForm(B2C_ANSWER, PAGE, 'fl-md', null)).toEqual({
      action: 'https://portal.example.gov/signin-oidc?x=1&y=2',
      fields: [
        ['state', 's1'],
        ['code', 'c&2'],
      ],
    });
    // Without a button, only `null` reads it; and a page without a form says so.
    expect(() => readPostBackForm('<form method="post"><input name="state" value="s"></form>', PAGE, 'fl-md')).toThrow(
      /no submit button/,
    );
    expect(() => readPostBackForm('<p>We cannot sign you in</p>', PAGE, 'fl-md', null)).toThrow(/holds no form/);
  });
});
