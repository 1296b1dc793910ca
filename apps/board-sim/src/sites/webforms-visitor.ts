import { SESSION_COOKIE } from './aspnet-page.ts';

// A person's browser on the simulator's WebForms pages, for the pages' own tests: it keeps the session
// cookie, follows redirects, and sends a page's form back as a browser does (hidden state, boxes, ticked
// radios, chosen options, the button pressed or the event a link's script raises). It reads only the
// markup these pages write.

const decode = (value: string) =>
  value
    .replaceAll('&#39;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

const attr = (tag: string, name: string) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decode(match[1] as string) : undefined;
};

/** The form's action and fields as a browser sends them, buttons left out. */
export function readPageForm(html: string): { action: string; fields: [string, string][] } {
  const form = /<form [^>]*>/.exec(html)?.[0] ?? '';
  const fields: [string, string][] = [];
  for (const [tag] of html.matchAll(/<input [^>]*>/g)) {
    const name = attr(tag, 'name');
    const type = attr(tag, 'type') ?? 'text';
    if (!name || type === 'submit') continue;
    if (type === 'radio' || type === 'checkbox') {
      if (/\schecked="checked"/.test(tag)) fields.push([name, attr(tag, 'value') ?? 'on']);
      continue;
    }
    fields.push([name, attr(tag, 'value') ?? '']);
  }
  for (const [, open, options] of html.matchAll(/(<select [^>]*>)([\s\S]*?)<\/select>/g)) {
    const name = attr(open as string, 'name');
    const chosen = /<option selected="selected" value="([^"]*)"/.exec(options as string)?.[1];
    if (name) fields.push([name, decode(chosen ?? '')]);
  }
  return { action: attr(form, 'action') ?? '', fields };
}

export class WebFormsVisitor {
  cookie = '';
  url = '';
  html = '';
  status = 0;

  /** `cookie`: begin with another visitor's session (or none). */
  constructor(cookie = '') {
    this.cookie = cookie;
  }

  async get(url: string): Promise<this> {
    return this.request(url, { method: 'GET' });
  }

  /** The page's form sent back: `values` set by name, `press` a button's name (sent with its label). */
  async submit(values: Record<string, string> = {}, press?: string): Promise<this> {
    const { action, fields } = readPageForm(this.html);
    const sent = new URLSearchParams();
    const seen = new Set<string>();
    for (const [name, value] of fields) {
      if (name in values && seen.has(name)) continue;
      seen.add(name);
      sent.append(name, name in values ? (values[name] as string) : value);
    }
    for (const [name, value] of Object.entries(values)) if (!seen.has(name)) sent.append(name, value);
    if (press) sent.append(press, 'Search');
    return this.post(new URL(action, this.url).toString(), sent);
  }

  /** What a `__doPostBack(target, argument)` link does: the form sent with the event. */
  async postBack(target: string, argument = '', values: Record<string, string> = {}): Promise<this> {
    return this.submit({ ...values, __EVENTTARGET: target, __EVENTARGUMENT: argument });
  }

  async post(url: string, body: URLSearchParams): Promise<this> {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    });
  }

  /** The page's hidden state. */
  hidden(name: '__VIEWSTATE' | '__EVENTVALIDATION' | '__VIEWSTATEGENERATOR'): string {
    return readPageForm(this.html).fields.find(([n]) => n === name)?.[1] ?? '';
  }

  private async request(url: string, init: RequestInit): Promise<this> {
    let next = url;
    let options = init;
    for (let hops = 0; hops < 5; hops++) {
      const res = await fetch(next, {
        ...options,
        redirect: 'manual',
        headers: { ...(options.headers as Record<string, string>), ...(this.cookie ? { cookie: this.cookie } : {}) },
      });
      const set = res.headers.get('set-cookie');
      if (set?.startsWith(`${SESSION_COOKIE}=`)) this.cookie = set.split(';')[0] as string;
      const location = res.headers.get('location');
      if (res.status === 302 && location) {
        await res.text();
        next = new URL(location, next).toString();
        options = { method: 'GET' };
        continue;
      }
      this.url = next;
      this.status = res.status;
      this.html = await res.text();
      return this;
    }
    throw new Error(`too many redirects from ${url}`);
  }
}
