import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BoardSimulator, startBoardSimulator } from '../server.ts';
import { ALABAMA_COLUMNS, ALABAMA_FORM } from './alabama-bulk-file.ts';

// The smaller populations hold no Alabama license on probation: this one does.
let sim: BoardSimulator;
beforeAll(async () => {
  sim = await startBoardSimulator({ port: 0, size: 6000 });
});
afterAll(() => sim.close());

const page = () => `${sim.url}/sites/dashboard.albme.gov/Verification/roster.aspx`;

/** The page's hidden fields by name, as a browser would send them back. */
function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" id="[^"]+" value="([^"]*)" \/>/g))
    fields[name as string] = (value as string)
      .replaceAll('&#39;', "'")
      .replaceAll('&quot;', '"')
      .replaceAll('&amp;', '&');
  return fields;
}

async function visit() {
  const res = await fetch(page());
  const html = await res.text();
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { res, html, cookie, state: hiddenFields(html) };
}

function post(form: Record<string, string>, cookie?: string) {
  return fetch(page(), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(form).toString(),
  });
}

const choices = { [ALABAMA_FORM.licenseType]: '', [ALABAMA_FORM.format]: 'CSV' };

describe("Alabama's bulk-file page (roster.aspx)", () => {
  it('is an ASP.NET form: hidden state, selects, two submit buttons, a session cookie', async () => {
    const { res, html, cookie, state } = await visit();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(cookie).toMatch(/^ASP\.NET_SessionId=[a-z0-5]{24}$/);
    expect(Object.keys(state)).toEqual([
      '__EVENTTARGET',
      '__EVENTARGUMENT',
      '__VIEWSTATE',
      '__VIEWSTATEGENERATOR',
      '__EVENTVALIDATION',
    ]);
    expect(state.__VIEWSTATE).not.toBe('');
    expect(html).toContain('<form method="post" action="./roster.aspx" id="form1">');
    expect(html.match(/<select /g)).toHaveLength(2);
    const buttons = [...html.matchAll(/<input type="submit" name="([^"]+)"/g)].map((m) => m[1]);
    expect(buttons).toEqual([ALABAMA_FORM.download, ALABAMA_FORM.reset]);
  });

  it('answers the form posted back whole with the CSV of every active license, and physician assistants', async () => {
    const { cookie, state } = await visit();
    const res = await post({ ...state, ...choices, [ALABAMA_FORM.download]: 'Download Roster' }, cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="ABME_Roster_\d{8}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').some((line) => line.includes('\n'))).toBe(false);
    const [header, ...rows] = text.slice(0, -2).split('\r\n');
    expect(header).toBe(ALABAMA_COLUMNS.join(','));

    const published = [...sim.population.people()].flatMap((p) => p.licenses.filter((l) => l.boardId === 'al-med'));
    const active = published.filter((l) => l.status === 'active' || l.status === 'probation');
    expect(active.length).toBeLessThan(published.length);
    expect(active.some((l) => l.status === 'probation')).toBe(true);
    const physicians = rows.filter((r) => /^(MD|DO)\./.test(r));
    const assistants = rows.filter((r) => /^PA\./.test(r));
    expect(physicians.length + assistants.length).toBe(rows.length);
    expect(physicians.map((r) => r.split(',')[0]).sort()).toEqual(active.map((l) => l.licenseNumber).sort());
    expect(physicians.some((r) => r.includes(',Probation,'))).toBe(true);
    expect(assistants.length).toBeGreaterThan(0);
    for (const row of physicians)
      expect(row).toMatch(
        /^(MD|DO)\.\d{5,},[^,]*,[^,]*,[^,]*,[^,]*,(MD|DO),,,(Active|Probation),\d\d\/\d\d\/\d{4},(\d\d\/\d\d\/\d{4})?,.*,(Yes|No),$/,
      );
    for (const row of assistants) expect(row).toMatch(/,PA,,,Active,.*,No,"[^"]+, [^"]+"$/);
  });

  it('answers the page again, as WebForms does, to a post-back without its session, its state or its button', async () => {
    const { cookie, state } = await visit();
    const other = await visit();
    const download = { [ALABAMA_FORM.download]: 'Download Roster' };
    const refused: [string, Response][] = [
      ['no cookie', await post({ ...state, ...choices, ...download })],
      ['another session', await post({ ...state, ...choices, ...download }, other.cookie)],
      ['no state', await post({ ...choices, ...download }, cookie)],
      ['the other button', await post({ ...state, ...choices, [ALABAMA_FORM.reset]: 'Reset' }, cookie)],
      ['no button', await post({ ...state, ...choices }, cookie)],
      [
        'a value never offered',
        await post({ ...state, ...choices, [ALABAMA_FORM.licenseType]: 'RN', ...download }, cookie),
      ],
    ];
    for (const [why, res] of refused) {
      expect(res.status, why).toBe(200);
      expect(res.headers.get('content-type'), why).toContain('text/html');
      expect(await res.text(), why).toContain('name="__VIEWSTATE"');
    }
    // A session of its own is begun for a visitor who came without one.
    expect(refused[0]?.[1].headers.get('set-cookie')).toMatch(/^ASP\.NET_SessionId=/);
    expect(refused[2]?.[1].headers.get('set-cookie')).toBeNull();
  });

  it('lists one license type when the form asks for it', async () => {
    const { cookie, state } = await visit();
    const res = await post(
      { ...state, ...choices, [ALABAMA_FORM.licenseType]: 'MD', [ALABAMA_FORM.download]: 'Download Roster' },
      cookie,
    );
    const rows = (await res.text()).trimEnd().split('\r\n').slice(1);
    const activeMds = [...sim.population.people()].flatMap((p) =>
      p.licenses.filter(
        (l) => l.boardId === 'al-med' && l.licenseType === 'MD' && (l.status === 'active' || l.status === 'probation'),
      ),
    );
    expect(rows.map((r) => r.split(',')[0]).sort()).toEqual(activeMds.map((l) => l.licenseNumber).sort());
  });
});
