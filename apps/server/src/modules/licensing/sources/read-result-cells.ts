import type { Cheerio } from 'cheerio';

/** An element as cheerio finds it (domhandler's, which cheerio does not re-export). */
export type PageElement = ReturnType<Cheerio<never>['find']> extends Cheerio<infer E> ? E : never;
type PageNode = PageElement['children'][number];

/** A row's cell by 0-based position, or that cell's text matched by `pattern`, whose first group is the value. */
export type CellRef = number | { cell: number; pattern: string };

// Accela Citizen Access writes zero-width spaces and joiners into its values (MLL, PSV: Michigan), and
// a byte-order mark can survive in a cell: invisible on the page, they would break every comparison.
const ZERO_WIDTH = /\u200B|\u200C|\u200D|\uFEFF/g;

// Where a browser shows a break, text read off the page needs a space: "Expires 06/30/2027<br>Active"
// is two words, not "06/30/2027Active".
const BREAKING = new Set(['br', 'td', 'th', 'tr', 'table', 'div', 'p', 'li', 'dt', 'dd']);
const UNSEEN = new Set(['script', 'style', 'noscript', 'template']);

/**
 * The text of elements as a person reads it off the page: no script, a break wherever the page breaks
 * a line or a cell, zero-width characters gone, whitespace collapsed, trimmed.
 */
export function readText(elements: Cheerio<PageElement>): string {
  return elements.toArray().map(textOf).join(' ').replace(ZERO_WIDTH, '').replace(/\s+/g, ' ').trim();
}

function textOf(node: PageNode): string {
  if (String(node.type) === 'text' && 'data' in node) return node.data;
  if (!('children' in node) || !('name' in node) || UNSEEN.has(node.name)) return '';
  const inner = node.children.map(textOf).join('');
  return BREAKING.has(node.name) ? ` ${inner} ` : inner;
}

/**
 * The fields of one result row, read from the row's own cells (its direct `td` children: a cell's
 * nested table, mylicense.com's name cell, stays inside that cell). A pattern's field is null when
 * the cell's text does not match it. Undefined for a row that is not a result: a header (no `td`) or
 * a grid's pager or footer, whose few spanning cells do not reach the cells the fields are read from.
 */
export function readResultCells<F extends string>(
  row: Cheerio<PageElement>,
  cells: Partial<Record<F, CellRef>>,
): Partial<Record<F, string | null>> | undefined {
  const tds = row.children('td');
  const refs = Object.entries(cells) as [F, CellRef | undefined][];
  const highest = Math.max(-1, ...refs.map(([, ref]) => (ref === undefined ? -1 : position(ref))));
  if (tds.length === 0 || tds.length <= highest) return undefined;
  const fields: Partial<Record<F, string | null>> = {};
  for (const [field, ref] of refs) {
    if (ref === undefined) continue;
    const text = readText(tds.eq(position(ref)));
    if (typeof ref === 'number') fields[field] = text;
    else {
      // Board text varies in case ('Expires' / 'EXPIRES'): a pattern is matched ignoring it.
      const match = new RegExp(ref.pattern, 'i').exec(text);
      fields[field] = match?.[1] ?? null;
    }
  }
  return fields;
}

function position(ref: CellRef): number {
  return typeof ref === 'number' ? ref : ref.cell;
}
