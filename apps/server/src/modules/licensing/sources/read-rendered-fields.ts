import type { BrowserLookupSourceConfig } from '../config/board-config.ts';

export type BrowserFields = BrowserLookupSourceConfig['results']['cells'];
export type BrowserFieldRef = NonNullable<BrowserFields[keyof BrowserFields]>;

/** What is read: every row the CSS selector finds, or the page itself (a detail page). */
export type RenderedScope = { rows: string } | { page: true };

/** One row's (or the page's) fields as the page shows them: text with spacing collapsed, null when absent. */
export type RenderedFields = Partial<Record<keyof BrowserFields, string | null>>;

// Runs inside the board's page, so it is kept as source text: a function handed to Playwright is
// serialised with whatever helpers the TypeScript runner wrapped it in (tsx names functions with a
// `__name` the page does not have). Plain ES2020, no imports. innerText is what a person sees: hidden
// elements (an always-present "No results" template) and scripts say nothing.
const READ_FIELDS_SOURCE = String.raw`(spec) => {
  const clean = (text) => {
    if (text === undefined || text === null) return null;
    const value = String(text).replace(/[\u200B\u200C\u200D\uFEFF]/g, '').replace(/\s+/g, ' ').trim();
    return value === '' ? null : value;
  };
  const textOf = (element) => (element ? clean(element.innerText !== undefined ? element.innerText : element.textContent) : null);
  const cellsOf = (row) => Array.from(row.children).filter((c) => c.tagName === 'TD' || c.tagName === 'TH');
  const CONTROLS = 'input, select, textarea, button';
  const labelKey = (text) => (text || '').replace(/\s+/g, ' ').trim().replace(/:$/, '').trim().toLowerCase();
  const besideLabel = (root, labels) => {
    const wanted = (Array.isArray(labels) ? labels : [labels]).map(labelKey);
    const all = Array.from(root.querySelectorAll('*'));
    for (const label of wanted) {
      for (const element of all) {
        // The innermost element reading the label: its parent's text would hold the value too.
        if (labelKey(element.textContent) !== label) continue;
        if (Array.from(element.children).some((child) => labelKey(child.textContent) === label)) continue;
        // A form's label (wrapping or beside its box) names a control, not a value.
        if (element.querySelector(CONTROLS) || (element.nextElementSibling && element.nextElementSibling.matches(CONTROLS))) continue;
        let value = element.nextElementSibling;
        if (!value && element.parentElement && labelKey(element.parentElement.textContent).startsWith(label))
          value = element.parentElement.nextElementSibling;
        if (value && value.querySelector(CONTROLS)) continue;
        const text = textOf(value);
        if (text !== null) return text;
      }
    }
    return null;
  };
  const read = (root, ref, isRow) => {
    if (typeof ref === 'number') return isRow ? textOf(cellsOf(root)[ref]) : null;
    if (typeof ref === 'string') return textOf(root.querySelector(ref));
    if ('label' in ref) return besideLabel(root, ref.label);
    let text;
    if (ref.cell !== undefined) text = isRow ? textOf(cellsOf(root)[ref.cell]) : null;
    else if (ref.selector !== undefined) text = textOf(root.querySelector(ref.selector));
    else text = textOf(root);
    if (text === null) return null;
    const match = new RegExp(ref.pattern, 'i').exec(text);
    return match && match[1] !== undefined ? clean(match[1]) : null;
  };
  const readAll = (root, isRow) => {
    const out = {};
    for (const [field, ref] of Object.entries(spec.fields)) if (ref !== undefined) out[field] = read(root, ref, isRow);
    return out;
  };
  if (spec.scope.page) return [readAll(document.body, false)];
  return Array.from(document.querySelectorAll(spec.scope.rows)).map((row) => readAll(row, true));
}`;

/**
 * The expression that, evaluated in a page, reads `fields` from each rendered row (or the page):
 * a cell by position, an element by CSS, the value beside a label, or a pattern's first group.
 */
export function readRenderedFieldsExpression(scope: RenderedScope, fields: BrowserFields): string {
  return `(${READ_FIELDS_SOURCE})(${JSON.stringify({ scope, fields })})`;
}

/**
 * The expression that tells what a results page shows now: 'rows' once a result row is rendered,
 * 'none' when the board's no-results words are visible, '' while it shows neither.
 */
export function renderedOutcomeExpression(row: string, noResults: readonly string[]): string {
  const words = noResults.map((word) => word.toLowerCase());
  return `((spec) => {
    if (document.querySelectorAll(spec.row).length > 0) return 'rows';
    const text = (document.body ? document.body.innerText : '').replace(/\\s+/g, ' ').toLowerCase();
    return spec.words.some((word) => text.includes(word)) ? 'none' : '';
  })(${JSON.stringify({ row, words })})`;
}
