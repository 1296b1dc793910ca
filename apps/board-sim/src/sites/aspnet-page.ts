import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, htmlPage, readForm, sendHtml } from '../http-util.ts';

// The ASP.NET WebForms machinery the simulator's look-up boards share (BOARDS.md §3: Arizona, Arkansas,
// Indiana, Kentucky, Maine, Michigan, New Jersey, Rhode Island, Wyoming): a session cookie, and on every
// page a form that posts back to the server with the page's hidden state. The state is opaque and random,
// issued per rendering and good only for the session it was issued to; a post-back without it, with one
// the session never received, or without the session answers the page's empty form again with HTTP 200,
// as WebForms does. A post-back names the control that raised it in __EVENTTARGET (a link's
// `javascript:__doPostBack('target','argument')`); one the page never rendered fails event validation
// with a server error, as it does on a real server.

export const SESSION_COOKIE = 'ASP.NET_SessionId';

/**
 * A board's WebForms look-up as the simulator serves it at `/sites/<real host>/<real path>`: the boards it
 * serves (faults are those of the first with its own), and its pages.
 */
export type AspnetLookup = {
  boardIds: readonly string[];
  /** The page a path under /sites (`[host, ...path]`) names, or undefined when it is none of this site's. */
  pageOf(parts: readonly string[]): string | undefined;
  /**
   * Answers a request for `page`. `gate` applies the board's faults first, given the surname searched
   * when the request carries or continues a search: false when it answered instead.
   */
  handle(
    req: IncomingMessage,
    res: ServerResponse,
    page: string,
    query: URLSearchParams,
    gate: (lastName: string | undefined) => Promise<boolean>,
  ): Promise<void>;
};

/**
 * The page a path names when it is `host` followed by one of `pages` (each a path below the host): IIS
 * compares paths without regard to case, so `/EVerification/` and `/everification/` are one folder.
 */
export function pageAt(parts: readonly string[], host: string, pages: readonly string[]): string | undefined {
  if (parts[0]?.toLowerCase() !== host) return undefined;
  const path = parts.slice(1).join('/').toLowerCase();
  return pages.find((page) => page.toLowerCase() === path);
}

/** The hidden fields one rendering of a page carries. */
export type HiddenState = { viewState: string; generator: string; eventValidation: string };

/** A post-back the server accepted: the state of the page it came from, and what raised it. */
export type PostBack<S> = { state: S; target: string; argument: string; form: URLSearchParams };

/** A visitor's session: its id, whether this request began it, and what the server keeps for it. */
export type Visit = { id: string; isNew: boolean; data: Map<string, unknown> };

type Rendering<S> = { generator: string; eventValidation: string; state: S; targets: ReadonlySet<string> };
type Session<S> = { data: Map<string, unknown>; renderings: Map<string, Rendering<S>> };

// Bounds keep a long benchmark's memory flat: old sessions and renderings are forgotten, as a real
// server's session timeout and the browser's lost pages are.
const MAX_SESSIONS = 2000;
const MAX_RENDERINGS = 64;
const MAX_FORM_BYTES = 256 * 1024;

/**
 * One ASP.NET application's sessions and the page states it issued. `S`: what a page remembers between
 * post-backs (a search and the grid's page), as a real page keeps it in its view state.
 */
export class WebFormsApp<S> {
  private readonly sessions = new Map<string, Session<S>>();

  /**
   * `cookiePath`: where the session cookie is sent. A real server scopes it to '/' of its own host; the
   * simulator serves many hosts on one origin, so each keeps its cookie under its own `/sites/<host>/`.
   */
  constructor(private readonly cookiePath: string) {}

  /** The request's session, or a new one when it carries none this application knows. */
  visit(req: IncomingMessage): Visit {
    const id = sessionIdOf(req);
    const known = id === undefined ? undefined : this.sessions.get(id);
    if (id !== undefined && known) {
      // Most recently used last: the first entries are the ones to forget.
      this.sessions.delete(id);
      this.sessions.set(id, known);
      return { id, isNew: false, data: known.data };
    }
    const fresh = newSessionId();
    const session: Session<S> = { data: new Map(), renderings: new Map() };
    this.sessions.set(fresh, session);
    while (this.sessions.size > MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value as string);
    return { id: fresh, isNew: true, data: session.data };
  }

  /**
   * The hidden state of a new rendering of a page (`generator`: the page's own hash), remembering `state`
   * and the post-back targets the page renders (its links and auto-posting controls).
   */
  render(visit: Visit, generator: string, state: S, targets: readonly string[] = []): HiddenState {
    const session = this.sessions.get(visit.id);
    const viewState = `/wEPDw${randomBytes(48).toString('base64')}`;
    const eventValidation = `/wEdA${randomBytes(24).toString('base64')}`;
    if (session) {
      session.renderings.set(viewState, { generator, eventValidation, state, targets: new Set(targets) });
      while (session.renderings.size > MAX_RENDERINGS)
        session.renderings.delete(session.renderings.keys().next().value as string);
    }
    return { viewState, generator, eventValidation };
  }

  /** Sends a page, setting the session's cookie on its first answer. */
  send(res: ServerResponse, visit: Visit, html: string, status = 200): void {
    sendHtml(res, status, html, this.headers(visit));
  }

  /** A redirect as Response.Redirect answers it: 302 and a short page naming where. */
  redirect(res: ServerResponse, visit: Visit, location: string): void {
    const body = `<html><head><title>Object moved</title></head><body>
<h2>Object moved to <a href="${escapeHtml(location)}">here</a>.</h2>
</body></html>
`;
    res.writeHead(302, {
      ...this.headers(visit),
      location,
      'content-type': 'text/html; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
    });
    res.end(body);
  }

  private headers(visit: Visit): Record<string, string> {
    const headers: Record<string, string> = { 'cache-control': 'private' };
    if (visit.isNew)
      headers['set-cookie'] = `${SESSION_COOKIE}=${visit.id}; path=${this.cookiePath}; HttpOnly; SameSite=Lax`;
    return headers;
  }

  /**
   * The post-back of a page this session was given: 'stale' when the state is missing, is not one this
   * session received, or was written by another page; 'invalid-event' when it names a target the page
   * did not render.
   */
  accept(visit: Visit, form: URLSearchParams | undefined): PostBack<S> | 'stale' | 'invalid-event' {
    if (!form || visit.isNew) return 'stale';
    const rendering = this.sessions.get(visit.id)?.renderings.get(form.get('__VIEWSTATE') ?? '');
    if (!rendering) return 'stale';
    if (form.get('__VIEWSTATEGENERATOR') !== rendering.generator) return 'stale';
    if (form.get('__EVENTVALIDATION') !== rendering.eventValidation) return 'stale';
    const target = form.get('__EVENTTARGET') ?? '';
    if (target !== '' && !rendering.targets.has(target)) return 'invalid-event';
    return { state: rendering.state, target, argument: form.get('__EVENTARGUMENT') ?? '', form };
  }
}

/** The request's form when it is one (a WebForms page posts `application/x-www-form-urlencoded`). */
export async function readPostedForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  return req.method === 'POST' ? readForm(req, MAX_FORM_BYTES) : undefined;
}

/**
 * ASP.NET's error page for an unhandled exception with remote errors hidden ("Runtime Error"), HTTP 500:
 * what a page that times out or rejects a post-back answers.
 */
export function serverErrorPage(application: string): string {
  return `<!DOCTYPE html>
<html>
<head><title>Runtime Error</title></head>
<body bgcolor="white">
<span><h1>Server Error in '${escapeHtml(application)}' Application.<hr width=100% size=1 color=silver></h1>
<h2> <i>Runtime Error</i> </h2></span>
<font face="Arial, Helvetica, Geneva, SunSans-Regular, sans-serif ">
<b> Description: </b>An application error occurred on the server. The current custom error settings for this application prevent the details of the application error from being viewed remotely (for security reasons).
<br><br>
</font>
</body>
</html>
`;
}

/** A server control inside naming containers, as a form sends it (`name`) and as script finds it (`id`). */
export type Control = { id: string; name: string };

/**
 * `ctl00$MainContent$txtLastName` / `ctl00_MainContent_txtLastName`. `clientId`: the id the page gives
 * the control when it is not derived from its containers (ClientIDMode Static or Predictable).
 */
export function control(containers: readonly string[], serverId: string, clientId?: string): Control {
  return { id: clientId ?? [...containers, serverId].join('_'), name: [...containers, serverId].join('$') };
}

export function textBox(c: Control, value = '', size = 30): string {
  return `<input name="${escapeHtml(c.name)}" type="text" value="${escapeHtml(value)}" maxlength="50" id="${escapeHtml(c.id)}" size="${size}" />`;
}

export function dropDown(c: Control, options: readonly (readonly [string, string])[], selected: string): string {
  const chosen = options.some(([value]) => value === selected) ? selected : (options[0]?.[0] ?? '');
  return `<select name="${escapeHtml(c.name)}" id="${escapeHtml(c.id)}">
${options
  .map(
    ([value, label]) =>
      `\t<option${value === chosen ? ' selected="selected"' : ''} value="${escapeHtml(value)}">${escapeHtml(label)}</option>`,
  )
  .join('\n')}
</select>`;
}

/**
 * A RadioButton: its value is its own id, its name the group's (`group`: the control the group posts as).
 * `postBack`: it posts the form back when chosen (AutoPostBack), naming `c` as the event's target.
 */
export function radioButton(
  c: Control,
  {
    group,
    value,
    checked,
    label,
    postBack = false,
  }: {
    group: string;
    value: string;
    checked: boolean;
    label: string;
    postBack?: boolean;
  },
): string {
  const onclick = postBack
    ? ` onclick="javascript:setTimeout(&#39;__doPostBack(\\&#39;${escapeHtml(c.name)}\\&#39;,\\&#39;\\&#39;)&#39;, 0)"`
    : '';
  return `<input id="${escapeHtml(c.id)}" type="radio" name="${escapeHtml(group)}" value="${escapeHtml(value)}"${
    checked ? ' checked="checked"' : ''
  }${onclick} /><label for="${escapeHtml(c.id)}">${escapeHtml(label)}</label>`;
}

export function submitButton(c: Control, label: string): string {
  return `<input type="submit" name="${escapeHtml(c.name)}" value="${escapeHtml(label)}" id="${escapeHtml(c.id)}" />`;
}

/** What a LinkButton or a grid's pager link runs: a post-back naming the control (and an argument). */
export function postBackHref(target: string, argument = ''): string {
  return `javascript:__doPostBack(&#39;${escapeHtml(target)}&#39;,&#39;${escapeHtml(argument)}&#39;)`;
}

/** A LinkButton: an anchor whose click posts the form back (no field of its own is sent). */
export function linkButton(c: Control, label: string, className = ''): string {
  const cls = className ? ` class="${escapeHtml(className)}"` : '';
  return `<a id="${escapeHtml(c.id)}"${cls} href="${postBackHref(c.name)}">${label}</a>`;
}

/**
 * A WebForms page: one form posting to `action`, the hidden state before and after its content as
 * ASP.NET 4 writes it, and the __doPostBack script its links call.
 */
export function webFormsPage(
  title: string,
  { action, formId = 'form1', hidden, body }: { action: string; formId?: string; hidden: HiddenState; body: string },
): string {
  return htmlPage(
    title,
    `<form method="post" action="${escapeHtml(action)}" id="${escapeHtml(formId)}">
<div class="aspNetHidden">
<input type="hidden" name="__EVENTTARGET" id="__EVENTTARGET" value="" />
<input type="hidden" name="__EVENTARGUMENT" id="__EVENTARGUMENT" value="" />
<input type="hidden" name="__VIEWSTATE" id="__VIEWSTATE" value="${escapeHtml(hidden.viewState)}" />
</div>
<script type="text/javascript">
//<![CDATA[
var theForm = document.forms['${escapeHtml(formId)}'];
if (!theForm) { theForm = document.${escapeHtml(formId)}; }
function __doPostBack(eventTarget, eventArgument) {
    if (!theForm.onsubmit || (theForm.onsubmit() != false)) {
        theForm.__EVENTTARGET.value = eventTarget;
        theForm.__EVENTARGUMENT.value = eventArgument;
        theForm.submit();
    }
}
//]]>
</script>
${body}
<div class="aspNetHidden">
<input type="hidden" name="__VIEWSTATEGENERATOR" id="__VIEWSTATEGENERATOR" value="${escapeHtml(hidden.generator)}" />
<input type="hidden" name="__EVENTVALIDATION" id="__EVENTVALIDATION" value="${escapeHtml(hidden.eventValidation)}" />
</div>
</form>`,
  );
}

/** ASP.NET's session ids: 24 characters of a–z and 0–5. */
export function newSessionId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz012345';
  return Array.from(randomBytes(24), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** The request's ASP.NET session id, when its cookie holds a well-formed one. */
export function sessionIdOf(req: IncomingMessage): string | undefined {
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === SESSION_COOKIE && value && /^[a-z0-5]{24}$/.test(value)) return value;
  }
  return undefined;
}
