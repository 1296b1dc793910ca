import type { IncomingMessage, ServerResponse } from 'node:http';
import { coloradoRow, type SocrataRow, washingtonRow } from './board-records.ts';
import { sendJson, streamText } from './http-util.ts';
import type { BoardLicense } from './population.ts';
import type { SimContext } from './sim-context.ts';

export type Dataset = {
  id: string;
  /** Boards whose licenses the dataset holds (Washington publishes MD and DO in one). */
  boardIds: string[];
  columns: string[];
  row: (license: BoardLicense) => SocrataRow;
};

const WASHINGTON: Dataset = {
  id: 'qxh8-f4bd',
  boardIds: ['wa-md', 'wa-do'],
  columns: [
    'credentialnumber',
    'lastname',
    'firstname',
    'middlename',
    'credentialtype',
    'status',
    'firstissuedate',
    'lastissuedate',
    'expirationdate',
    'actiontaken',
  ],
  row: washingtonRow,
};

const COLORADO: Dataset = {
  id: '7s5z-vewr',
  boardIds: ['co-med'],
  columns: [
    'licensenumber',
    'lastname',
    'firstname',
    'middlename',
    'suffix',
    'licensetype',
    'licensestatusdescription',
    'licensefirstissuedate',
    'licenseexpirationdate',
    'disciplinaryaction',
  ],
  row: coloradoRow,
};

export const SOCRATA_DATASETS: Record<string, Dataset> = {
  'wa-md': WASHINGTON,
  'wa-do': WASHINGTON,
  'co-med': COLORADO,
};

export const DEFAULT_LIMIT = 1000;
export const MAX_LIMIT = 50_000;

type Clause = { field: string; value: string };

export function socrataError(res: ServerResponse, status: number, code: string, message: string) {
  sendJson(res, status, { code, error: true, message });
}

/** The contract's $where subset: `field='value'` clauses joined by AND; '' escapes a quote. */
export function parseWhere(text: string): Clause[] | string {
  const clauses: Clause[] = [];
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text.charAt(i))) i++;
  };
  for (;;) {
    skipSpace();
    const field = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i))?.[0];
    if (!field) return `expected a column name at position ${i}`;
    i += field.length;
    skipSpace();
    if (text.charAt(i) !== '=') return `expected = after ${field}`;
    i++;
    skipSpace();
    if (text.charAt(i) !== "'") return `expected a quoted value after ${field}=`;
    i++;
    let value = '';
    for (;;) {
      if (i >= text.length) return 'unterminated string';
      const ch = text.charAt(i);
      if (ch === "'") {
        if (text.charAt(i + 1) === "'") {
          value += "'";
          i += 2;
          continue;
        }
        i++;
        break;
      }
      value += ch;
      i++;
    }
    clauses.push({ field: field.toLowerCase(), value });
    skipSpace();
    if (i >= text.length) return clauses;
    const and = /^AND\s/i.exec(text.slice(i));
    if (!and) return `expected AND at position ${i}`;
    i += 3;
  }
}

/** `$limit` and `$offset`, or null once a 400 has answered a bad one (the real and the contract routes alike). */
export function readPaging(res: ServerResponse, query: URLSearchParams): { limit: number; offset: number } | null {
  const limit = parseCount(query.get('$limit'), DEFAULT_LIMIT);
  const offset = parseCount(query.get('$offset'), 0);
  if (limit === null || limit > MAX_LIMIT) {
    socrataError(res, 400, 'query.soql.invalid', `$limit must be an integer from 0 to ${MAX_LIMIT}`);
    return null;
  }
  if (offset === null) {
    socrataError(res, 400, 'query.soql.invalid', '$offset must be a non-negative integer');
    return null;
  }
  return { limit, offset };
}

function parseCount(value: string | null, fallback: number): number | null {
  if (value === null || value === '') return fallback;
  return /^\d+$/.test(value) ? Number(value) : null;
}

/** Ascending union of the boards' member lists (a person is on at most one of them). */
export function* datasetMembers(ctx: SimContext, dataset: Dataset): Generator<number> {
  const lists = dataset.boardIds.map((id) => ctx.index().members(id));
  const at = lists.map(() => 0);
  for (;;) {
    let best = -1;
    for (let l = 0; l < lists.length; l++) {
      const list = lists[l] as Int32Array;
      const pos = at[l] as number;
      if (
        pos < list.length &&
        (best === -1 || (list[pos] as number) < ((lists[best] as Int32Array)[at[best] as number] as number))
      )
        best = l;
    }
    if (best === -1) return;
    const list = lists[best] as Int32Array;
    const pos = at[best] as number;
    at[best] = pos + 1;
    yield list[pos] as number;
  }
}

export async function handleSocrata(
  ctx: SimContext,
  req: IncomingMessage,
  res: ServerResponse,
  boardId: string,
  file: string,
  query: URLSearchParams,
): Promise<void> {
  const dataset = SOCRATA_DATASETS[boardId];
  if (!dataset || file !== `${dataset.id}.json`) {
    socrataError(res, 404, 'not_found', `Dataset ${file.replace(/\.json$/, '')} not found`);
    return;
  }
  const paging = readPaging(res, query);
  if (!paging) return;
  const { limit, offset } = paging;
  const clauses: Clause[] = [];
  const where = query.get('$where');
  if (where !== null && where.trim() !== '') {
    const parsed = parseWhere(where);
    if (typeof parsed === 'string') {
      socrataError(res, 400, 'query.compiler.malformed', `Could not parse $where: ${parsed}`);
      return;
    }
    clauses.push(...parsed);
  }
  // SODA also filters on plain `column=value` parameters.
  for (const [key, value] of query) {
    if (!key.startsWith('$') && dataset.columns.includes(key.toLowerCase()))
      clauses.push({ field: key.toLowerCase(), value });
  }
  const unknown = clauses.find((c) => !dataset.columns.includes(c.field));
  if (unknown) {
    socrataError(res, 400, 'query.soql.no-such-column', `No such column: ${unknown.field}`);
    return;
  }
  const wanted = clauses.map((c) => ({ field: c.field, value: c.value.toLowerCase() }));
  const { population } = ctx;

  function* rows(): Generator<string> {
    yield '[';
    let matched = 0;
    let written = 0;
    const members = datasetMembers(ctx, dataset as Dataset);
    if (wanted.length === 0) {
      // Without filters the offset is a position: skip people without generating them.
      for (let skipped = 0; skipped < (offset as number); skipped++) if (members.next().done) break;
      matched = offset as number;
    }
    for (const index of members) {
      if (written >= (limit as number)) break;
      const person = population.person(index);
      const license = person.licenses.find((l) => (dataset as Dataset).boardIds.includes(l.boardId));
      if (!license) continue;
      const row = (dataset as Dataset).row({ person, license });
      if (!wanted.every((c) => row[c.field]?.toLowerCase() === c.value)) continue;
      matched++;
      if (matched <= (offset as number)) continue;
      yield (written === 0 ? '\n' : ',\n') + JSON.stringify(row);
      written++;
    }
    yield '\n]\n';
  }

  await streamText(req, res, 200, { 'content-type': 'application/json; charset=utf-8' }, rows());
}
