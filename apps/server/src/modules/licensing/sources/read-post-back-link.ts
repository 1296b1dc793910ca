/** What a WebForms control's script posts back: the control that raised the event and its argument. */
export type PostBackEvent = { target: string; argument: string };

// ASP.NET writes the call three ways: `javascript:__doPostBack('t','a')` in a LinkButton's or a grid
// pager's href; `WebForm_DoPostBackWithOptions(new WebForm_PostBackOptions("t", "a", …))` when the
// control validates or posts across pages; and, in an AutoPostBack radio's onclick,
// `setTimeout('__doPostBack(\'t\',\'\')', 0)`, its quotes escaped inside the outer string.
const CALL = /(?:__doPostBack|WebForm_PostBackOptions)\(\s*(\\?['"])((?:(?!\1).)*)\1\s*,\s*(\\?['"])((?:(?!\3).)*)\3/;

/**
 * The event a link's href or a control's onclick posts back, as the page's script would send it in
 * __EVENTTARGET and __EVENTARGUMENT; undefined for an ordinary address or any other script.
 */
export function readPostBackLink(script: string | null | undefined): PostBackEvent | undefined {
  if (!script) return undefined;
  const match = CALL.exec(script);
  if (!match) return undefined;
  return { target: unescapeJs(match[2] ?? ''), argument: unescapeJs(match[4] ?? '') };
}

/** A JavaScript string literal's escapes, as the page's script would read them. */
function unescapeJs(text: string): string {
  return text.replace(/\\(.)/g, '$1');
}
