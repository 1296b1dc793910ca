import { type Cheerio, type CheerioAPI, load } from 'cheerio';
import { SourceError } from '../types.ts';
import { type PostBackForm, readPostBackForm } from './read-post-back-form.ts';
import { type PostBackEvent, readPostBackLink } from './read-post-back-link.ts';
import type { PageElement } from './read-result-cells.ts';

/**
 * What a person does to a WebForms page before it is sent. `values`: a select's option (by value, else
 * by its text) or a text box's text, by control; `check`: radios and boxes ticked. Then one of: `press`
 * a button; `postBack` a control whose own script posts the page (an AutoPostBack radio: it is
 * ticked first); or raise `event` as a `__doPostBack` link does (a grid's pager).
 */
export type FormFilling = {
  values?: Record<string, string>;
  check?: readonly string[];
  send: { press: string } | { postBack: string } | { event: PostBackEvent };
};

const SUBMIT_BUTTONS = 'input[type=submit i], input[type=image i], button:not([type]), button[type=submit i]';
const TEXT_INPUTS =
  'input:not([type]), input[type=text i], input[type=search i], input[type=hidden i], input[type=tel i], input[type=email i], input[type=number i]';

/**
 * A control of the page by the evidence's reference: its id (`ctl00_MainContent_txtLastName`), else
 * its name (`t_web_lookup__last_name`). A LinkButton is an `<a>`, so links count too.
 */
export function findControl($: CheerioAPI, ref: string): Cheerio<PageElement> | undefined {
  const controls = 'input, select, textarea, button, a';
  const byId = $(`[id="${ref}"]`).filter(controls).first();
  if (byId.length > 0) return byId;
  const byName = $(`[name="${ref}"]`).filter(controls).first();
  return byName.length > 0 ? byName : undefined;
}

/**
 * The page's form filled and sent as a browser sends it (read-post-back-form.ts): each control is
 * found by its reference and sent under the name the page gives it, the pressed button alone among
 * the buttons. Throws a parse failure naming a control the page does not have: the board changed
 * its page, and a form sent without it would search for something else.
 */
export function fillWebForm(html: string, pageUrl: string, boardId: string, filling: FormFilling): PostBackForm {
  const $ = load(html);
  const failure = (message: string) => new SourceError({ kind: 'parse-failure', message: `${boardId}: ${message}` });
  const control = (ref: string) => {
    const found = findControl($, ref);
    if (!found) throw failure(`the page at ${pageUrl} has no control '${ref}': the board changed its page`);
    return found;
  };

  for (const [ref, value] of Object.entries(filling.values ?? {})) {
    const element = control(ref);
    if (element.is('select')) {
      const options = element.find('option');
      const wanted = value.trim().toLowerCase();
      let chosen = options.filter((_, o) => $(o).attr('value') === value).first();
      if (chosen.length === 0)
        chosen = options.filter((_, o) => $(o).text().replace(/\s+/g, ' ').trim().toLowerCase() === wanted).first();
      if (chosen.length === 0) throw failure(`the control '${ref}' at ${pageUrl} offers no option '${value}'`);
      options.removeAttr('selected');
      chosen.attr('selected', 'selected');
    } else if (element.is('textarea')) element.text(value);
    else if (element.is(TEXT_INPUTS)) element.attr('value', value);
    else throw failure(`the control '${ref}' at ${pageUrl} is not a list or a text box`);
  }
  for (const ref of filling.check ?? [])
    if (!tick($, control(ref))) throw failure(`the control '${ref}' at ${pageUrl} is not a radio or a box`);

  const send = filling.send;
  let event: PostBackEvent | undefined;
  if ('press' in send) {
    const button = control(send.press);
    if (button.is(SUBMIT_BUTTONS)) {
      // The button is matched by name, as the page sends it; a nameless one by its id.
      const name = button.attr('name') ?? button.attr('id') ?? send.press;
      return readPostBackForm($.html(), pageUrl, boardId, name);
    }
    // A LinkButton (an <a>, or an input whose onclick posts back) raises its event instead.
    event = readPostBackLink(button.attr('href')) ?? readPostBackLink(button.attr('onclick'));
    if (!event) throw failure(`the control '${send.press}' at ${pageUrl} is not a button that sends the form`);
  } else if ('postBack' in send) {
    const posted = control(send.postBack);
    tick($, posted);
    // An AutoPostBack radio's script names the control, which for a radio of a group is not its name.
    event = readPostBackLink(posted.attr('onclick')) ??
      readPostBackLink(posted.attr('href')) ?? { target: posted.attr('name') ?? send.postBack, argument: '' };
  } else event = send.event;

  const form = readPostBackForm($.html(), pageUrl, boardId, null);
  return { action: form.action, fields: withEvent(form.fields, event) };
}

/** Ticks a box, or a radio and no other of its group (as clicking it does); false for any other control. */
function tick($: CheerioAPI, element: Cheerio<PageElement>): boolean {
  if (element.is('input[type=radio i]')) {
    const name = element.attr('name');
    const scope = element.closest('form').length > 0 ? element.closest('form') : $.root();
    if (name !== undefined)
      scope
        .find('input[type=radio i]')
        .filter((_, r) => $(r).attr('name') === name)
        .removeAttr('checked');
  } else if (!element.is('input[type=checkbox i]')) return false;
  element.attr('checked', 'checked');
  return true;
}

/** The fields with the event the page's script would set before submitting. */
function withEvent(fields: [string, string][], event: PostBackEvent): [string, string][] {
  const rest = fields.filter(([name]) => name !== '__EVENTTARGET' && name !== '__EVENTARGUMENT');
  return [['__EVENTTARGET', event.target], ['__EVENTARGUMENT', event.argument], ...rest];
}
