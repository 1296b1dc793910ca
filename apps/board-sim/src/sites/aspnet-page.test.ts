import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardLicense } from '../population.ts';
import { type BoardSimulator, startBoardSimulator } from '../server.ts';
import { MYLICENSE_FORM } from './mylicense-lookup.ts';
import { readPageForm, WebFormsVisitor } from './webforms-visitor.ts';

// The WebForms machinery every simulated ASP.NET look-up shares (aspnet-page.ts), seen through Indiana's
// search page: the state a page is given must come back with the session it was given to, or the page
// answers its empty form with HTTP 200, as WebForms does.

let sim: BoardSimulator;
beforeAll(async () => {
  sim = await startBoardSimulator({ port: 0, size: 1500 });
});
afterAll(() => sim.close());

const page = () => `${sim.url}/sites/mylicense.in.gov/EVerification/Search.aspx`;

function indianaPhysician(): BoardLicense {
  for (const person of sim.population.people()) {
    const license = person.licenses.find((l) => l.boardId === 'in-med');
    if (license) return { person, license };
  }
  throw new Error('no Indiana license');
}

const search = (lastName: string) => ({ [MYLICENSE_FORM.lastName]: lastName });
const hasResults = (html: string) => html.includes('id="datagrid_results"');

describe('a WebForms page', () => {
  it('gives every visit a session cookie and every rendering its own opaque state', async () => {
    const first = await new WebFormsVisitor().get(page());
    const second = await new WebFormsVisitor().get(page());
    expect(first.status).toBe(200);
    expect(first.cookie).toMatch(/^ASP\.NET_SessionId=[a-z0-5]{24}$/);
    expect(second.cookie).not.toBe(first.cookie);
    expect(first.hidden('__VIEWSTATE')).toMatch(/^\/wEPDw/);
    expect(first.hidden('__VIEWSTATE')).not.toBe(second.hidden('__VIEWSTATE'));
    expect(first.hidden('__EVENTVALIDATION')).not.toBe('');
    expect(first.hidden('__VIEWSTATEGENERATOR')).toMatch(/^[0-9A-F]{8}$/);
    // The same visit's next rendering gets new state too, its cookie kept.
    const again = await first.get(page());
    expect(again.cookie).toBe(first.cookie);
    expect(again.hidden('__VIEWSTATE')).not.toBe(second.hidden('__VIEWSTATE'));
    expect(readPageForm(first.html).fields.map(([name]) => name)).toEqual(
      expect.arrayContaining(['__EVENTTARGET', '__EVENTARGUMENT', '__VIEWSTATE', MYLICENSE_FORM.lastName]),
    );
  });

  it('answers its form posted back whole: the state it gave, the session it gave it to', async () => {
    const { person } = indianaPhysician();
    const visitor = await new WebFormsVisitor().get(page());
    await visitor.submit(search(person.lastName), MYLICENSE_FORM.search);
    expect(visitor.status).toBe(200);
    expect(hasResults(visitor.html)).toBe(true);
    // A rendering stays good for the session after the next one (a browser's back button, a second detail).
    const before = await new WebFormsVisitor().get(page());
    const earlier = before.html;
    await before.get(page());
    before.html = earlier;
    await before.submit(search(person.lastName), MYLICENSE_FORM.search);
    expect(hasResults(before.html)).toBe(true);
  });

  it("answers a post-back without its state, with another visit's state, or without the session with the empty form, HTTP 200", async () => {
    const { person } = indianaPhysician();
    const empty = (visitor: WebFormsVisitor) => {
      expect(visitor.status).toBe(200);
      expect(hasResults(visitor.html)).toBe(false);
      expect(visitor.html).toContain(`id="${MYLICENSE_FORM.lastName}"`);
      expect(visitor.html).not.toContain('No records found');
    };
    // No state at all.
    const bare = await new WebFormsVisitor().get(page());
    await bare.submit({ ...search(person.lastName), __VIEWSTATE: '' }, MYLICENSE_FORM.search);
    empty(bare);
    // Another visit's state, sent with this visit's cookie.
    const mine = await new WebFormsVisitor().get(page());
    const theirs = await new WebFormsVisitor().get(page());
    mine.html = theirs.html;
    await mine.submit(search(person.lastName), MYLICENSE_FORM.search);
    empty(mine);
    // The state without the session it belongs to.
    const cookieless = await new WebFormsVisitor().get(page());
    cookieless.cookie = '';
    await cookieless.submit(search(person.lastName), MYLICENSE_FORM.search);
    empty(cookieless);
    // The page's own state with a changed event validation.
    const tampered = await new WebFormsVisitor().get(page());
    await tampered.submit({ ...search(person.lastName), __EVENTVALIDATION: '/wEdAforged' }, MYLICENSE_FORM.search);
    empty(tampered);
  });

  it('refuses a post-back naming a control the page never rendered with a server error', async () => {
    const visitor = await new WebFormsVisitor().get(page());
    await visitor.postBack('datagrid_results$_ctl99$_ctl4');
    expect(visitor.status).toBe(500);
    expect(visitor.html).toContain("Server Error in '/EVerification' Application.");
  });

  it('is found whatever the case of its path, as IIS finds it', async () => {
    const visitor = await new WebFormsVisitor().get(`${sim.url}/sites/mylicense.in.gov/everification/search.aspx`);
    expect(visitor.status).toBe(200);
    expect(visitor.html).toContain(`id="${MYLICENSE_FORM.search}"`);
  });

  it('accepts only form posts: another verb is refused', async () => {
    const res = await fetch(page(), { method: 'PUT', body: 'x' });
    expect(res.status).toBe(405);
  });
});
