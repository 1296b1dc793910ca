import { type Cheerio, type CheerioAPI, load } from 'cheerio';
import { SourceError } from '../types.ts';

/** What a browser sends when it submits a page's form: where to, and each field, in document order. */
export type PostBackForm = { action: string; fields: [string, string][] };

/** An element as cheerio finds it (domhandler's, which cheerio does not re-export). */
type Element = ReturnType<Cheerio<never>['find']> extends Cheerio<infer E> ? E : never;

const SUBMIT_BUTTONS = 'input[type=submit i], input[type=image i], button:not([type]), button[type=submit i]';
/** Buttons send nothing unless they are the one pressed. */
const BUTTONS = 'button, input[type=submit i], input[type=image i], input[type=button i], input[type=reset i]';
const CONTROLS = 'input, select, textarea, button';

/**
 * The form of a page read as a browser submits it (HTML's "constructing the entry list"), for a board
 * whose file is the answer to its page's form posted back (ASP.NET WebForms: the page's hidden
 * __VIEWSTATE, __VIEWSTATEGENERATOR and __EVENTVALIDATION must come back as the page wrote them, or
 * the board answers its page again). Every enabled, named control counts: hidden and text inputs with
 * their value, checked boxes and radios, each select's selected option (its first when none is
 * marked, as a browser shows it), textareas; and one submit button, the one named `submit` (by name,
 * else by id) or else the form's first. The form is the page's first POST form (an ASP.NET page has
 * one; a site search in the header is usually a GET), or the one holding the named button. Its action
 * is resolved against the page's address (and a `<base href>`), as the browser does; no action means
 * the page itself. What script would change before sending (a `__doPostBack` link) is not run.
 * `submit: null`: no button is pressed, the page's own script submits its first form (a sign-in's
 * answer posted on to the site it signs in to, whose button only shows without script).
 */
export function readPostBackForm(html: string, pageUrl: string, boardId: string, submit?: string | null): PostBackForm {
  const $ = load(html);
  const failure = (message: string) => new SourceError({ kind: 'parse-failure', message: `${boardId}: ${message}` });

  const forms = $('form').toArray();
  const named = (button: Element) => button.attribs.name === submit;
  const withId = (button: Element) => button.attribs.id === submit;
  const buttonsOf = (form: Element) =>
    $(form)
      .find(SUBMIT_BUTTONS)
      .toArray()
      .filter((b) => !disabled($(b)));
  let form: Element | undefined;
  let button: Element | undefined;
  if (submit === null) {
    form = forms.find((f) => ($(f).attr('method') ?? '').toLowerCase() === 'post') ?? forms[0];
    if (!form) throw failure(`the page at ${pageUrl} holds no form to submit`);
  } else if (submit !== undefined) {
    for (const match of [named, withId]) {
      form = forms.find((f) => buttonsOf(f).some(match));
      button = form ? buttonsOf(form).find(match) : undefined;
      if (button) break;
    }
    if (!button) throw failure(`the page at ${pageUrl} has no submit button named '${submit}' (postBack.submit)`);
  } else {
    form = forms.find((f) => ($(f).attr('method') ?? '').toLowerCase() === 'post') ?? forms[0];
    if (!form)
      throw failure(`the page at ${pageUrl} holds no form to post back: the address is not the bulk file's page`);
    button = buttonsOf(form)[0];
    if (!button) throw failure(`the form of the page at ${pageUrl} has no submit button to press`);
  }
  if (!form) throw failure(`the page at ${pageUrl} holds no form to post back`);

  const fields: [string, string][] = [];
  for (const control of $(form).find(CONTROLS).toArray()) {
    const element = $(control);
    const name = element.attr('name') ?? '';
    const isButton = element.is(BUTTONS);
    if (control === button) {
      // An image button sends where it was clicked; the click is taken to be its corner.
      if (element.is('input[type=image i]')) {
        const prefix = name === '' ? '' : `${name}.`;
        fields.push([`${prefix}x`, '0'], [`${prefix}y`, '0']);
      } else if (name !== '') fields.push([name, element.attr('value') ?? '']);
      continue;
    }
    if (isButton || name === '' || disabled(element)) continue;
    if (control.tagName === 'select') {
      fields.push(...selectedValues($, element).map((value): [string, string] => [name, value]));
      continue;
    }
    if (control.tagName === 'textarea') {
      fields.push([name, element.text().replace(/\r?\n/g, '\r\n')]);
      continue;
    }
    const type = (element.attr('type') ?? 'text').toLowerCase();
    if (type === 'checkbox' || type === 'radio') {
      if (element.attr('checked') !== undefined) fields.push([name, element.attr('value') ?? 'on']);
      continue;
    }
    // A file input sends no file here: the form is sent urlencoded, where it is its file's name.
    fields.push([name, type === 'file' ? '' : (element.attr('value') ?? '')]);
  }

  const base = resolve($('base[href]').first().attr('href') ?? '', pageUrl) ?? pageUrl;
  const target = $(button).attr('formaction') ?? $(form).attr('action') ?? '';
  const action = target.trim() === '' ? pageUrl : resolve(target, base);
  if (!action) throw failure(`the form of the page at ${pageUrl} posts to '${target}', which is not an address`);
  return { action, fields };
}

/** Disabled itself, or inside a disabled fieldset: a browser sends nothing for it. */
function disabled(element: Cheerio<Element>): boolean {
  return element.attr('disabled') !== undefined || element.closest('fieldset[disabled]').length > 0;
}

/**
 * A select's selected options that are enabled; for a single-choice select, the last one marked
 * (as a browser keeps it), or its first enabled option when none is.
 */
function selectedValues($: CheerioAPI, select: Cheerio<Element>): string[] {
  const options = select
    .find('option')
    .toArray()
    .map((option) => $(option))
    .filter((option) => !disabled(option));
  // cheerio's attr('value') of an option without one is already its raw text: a browser collapses it.
  const value = (option: Cheerio<Element>) =>
    option.is('[value]') ? (option.attr('value') ?? '') : option.text().replace(/\s+/g, ' ').trim();
  const chosen = options.filter((option) => option.attr('selected') !== undefined);
  if (select.attr('multiple') !== undefined) return chosen.map(value);
  const one = chosen.at(-1) ?? options[0];
  return one ? [value(one)] : [];
}

function resolve(target: string, base: string): string | undefined {
  try {
    return new URL(target.trim(), base).toString();
  } catch {
    return undefined;
  }
}
