import type { IncomingMessage, ServerResponse } from 'node:http';
import { moreExclusions, paddingNeeded, type SimExclusion, simExclusions } from './exclusion-list.ts';
import { sendText, streamText } from './http-util.ts';
import type { SimContext } from './sim-context.ts';

/** The fault key the LEIE downloads answer under ('*' covers it too). */
export const LEIE_FAULT_ID = 'leie';

export const LEIE_HEADER =
  'LASTNAME,FIRSTNAME,MIDNAME,BUSNAME,GENERAL,SPECIALTY,UPIN,NPI,DOB,ADDRESS,CITY,STATE,ZIP,EXCLTYPE,EXCLDATE,REINDATE,WAIVERDATE,WVRSTATE';
export const MAX_LEIE_ROWS = 500_000;
/** An EXCLTYPE no statute defines, for `?unknownType=1`. */
export const UNKNOWN_EXCL_TYPE = '9999z';
export const MALFORMED_EXCL_DATE = '2023-13-45';
export const MALFORMED_NPI = '12345';

const NL = '\r\n';
const NO_DATE = '00000000';
const NO_NPI = '0000000000';

type Malformation = 'missing-column' | 'bad-date' | 'bad-npi';
const MALFORMATIONS: Malformation[] = ['missing-column', 'bad-date', 'bad-npi'];

const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;
const leieDate = (iso: string | null) => (iso === null ? NO_DATE : iso.replaceAll('-', ''));

function leieFields(row: SimExclusion): string[] {
  return [
    row.lastName ?? '',
    row.firstName ?? '',
    row.middleName ?? '',
    row.businessName ?? '',
    row.general,
    row.specialty,
    row.upin ?? '',
    row.npi ?? NO_NPI,
    leieDate(row.dob),
    row.address,
    row.city,
    row.state,
    row.zip,
    row.exclType,
    leieDate(row.exclDate),
    leieDate(row.reinDate),
    leieDate(row.waiverDate),
    row.waiverState ?? '',
  ];
}

/** One row as the LEIE prints it: every field quoted, dates YYYYMMDD, absent dates and NPIs as zeros. */
export function leieLine(row: SimExclusion, malformation?: Malformation): string {
  const fields = leieFields(row);
  if (malformation === 'bad-date') fields[14] = MALFORMED_EXCL_DATE;
  else if (malformation === 'bad-npi') fields[7] = MALFORMED_NPI;
  // Dropped from the middle, so a reader that pads short rows still sees every column after it shifted.
  else if (malformation === 'missing-column') fields.splice(2, 1);
  return fields.map(quote).join(',');
}

/** Parses an optional integer query parameter; undefined when absent, null when invalid. */
function integerParam(query: URLSearchParams, name: string, min: number, max: number): number | undefined | null {
  const value = query.get(name);
  if (value === null) return undefined;
  if (!/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

/**
 * `/leie/UPDATED.csv` (the full file), `/leie/{yyyy}/{yymm}EXCL.csv` and `/leie/{yyyy}/{yymm}REIN.csv`
 * (the monthly supplements of the last 12 months; `excl`/`rein` in lower case from 2026, as the OIG
 * publishes them, and only that spelling). `path` is the part after `/leie/`.
 */
export async function handleLeie(
  ctx: SimContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string[],
  query: URLSearchParams,
): Promise<void> {
  if (path.length === 1 && path[0] === 'UPDATED.csv') {
    await handleFullFile(ctx, req, res, query);
    return;
  }
  const [year, file] = path;
  // Case-sensitive, as the OIG's server may be: only the spelling it publishes exists.
  const match = path.length === 2 ? /^(\d{2})(\d{2})(EXCL|REIN|excl|rein)\.csv$/.exec(file ?? '') : null;
  if (!match || !/^\d{4}$/.test(year ?? '') || year?.slice(2) !== match[1]) {
    sendText(res, 404, 'Not found\n');
    return;
  }
  const month = `${year}-${match[2]}`;
  const kind = match[3] as string;
  if (!recentMonths(ctx.population.today).includes(month) || kind !== supplementKind(Number(year), kind)) {
    sendText(res, 404, 'Not found\n');
    return;
  }
  const reinstatements = kind.toUpperCase() === 'REIN';
  const rows = simExclusions(ctx.population).filter((row) =>
    reinstatements
      ? row.kind === 'reinstated' && row.reinDate?.startsWith(month)
      : row.kind !== 'reinstated' && row.exclDate.startsWith(month),
  );
  await sendCsv(
    ctx,
    req,
    res,
    file as string,
    (function* () {
      yield LEIE_HEADER + NL;
      for (const row of rows) yield leieLine(row) + NL;
    })(),
  );
}

/** The year the OIG's supplement names turned lower case (`2026/2605excl.csv`; before, `2017/1705REIN.csv`). */
export const LOWER_CASE_SUPPLEMENTS_FROM = 2026;

/** 'EXCL' or 'REIN' as the OIG spells it in that year's file names. */
export function supplementKind(year: number, kind: string): string {
  return year >= LOWER_CASE_SUPPLEMENTS_FROM ? kind.toLowerCase() : kind.toUpperCase();
}

/** 'YYYY-MM' of today's month and the 11 before it. */
export function recentMonths(today: string): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  return Array.from({ length: 12 }, (_, back) => new Date(Date.UTC(year, month - back, 1)).toISOString().slice(0, 7));
}

async function handleFullFile(
  ctx: SimContext,
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
): Promise<void> {
  const minRows = integerParam(query, 'rows', 1, MAX_LEIE_ROWS);
  if (minRows === null) {
    sendText(res, 400, `rows must be an integer from 1 to ${MAX_LEIE_ROWS}\n`);
    return;
  }
  const unknownType = integerParam(query, 'unknownType', 0, 1);
  if (unknownType === null) {
    sendText(res, 400, 'unknownType must be 0 or 1\n');
    return;
  }
  const base = simExclusions(ctx.population);
  const padding = paddingNeeded(ctx.population, minRows ?? 0);
  const others = base.reduce((n, row) => n + (row.kind === 'other' ? 1 : 0), 0) + padding;
  const malformed = integerParam(query, 'malformed', 0, others);
  if (malformed === null) {
    sendText(res, 400, `malformed must be an integer from 0 to ${others} (the file's filler rows)\n`);
    return;
  }
  // Only filler rows are spoiled, spread evenly over the file: a physician's row always parses.
  const spoiled = new Map<number, Malformation>();
  for (let i = 0; i < (malformed ?? 0); i++) {
    spoiled.set(Math.floor(((i + 0.5) * others) / (malformed as number)), MALFORMATIONS[i % 3] as Malformation);
  }
  let unknownAt = -1;
  if (unknownType === 1) {
    unknownAt = 0;
    while (spoiled.has(unknownAt)) unknownAt++;
  }
  const lines = (function* () {
    yield LEIE_HEADER + NL;
    let ordinal = 0;
    const rows = (function* () {
      yield* base;
      yield* moreExclusions(ctx.population, padding);
    })();
    for (const row of rows) {
      if (row.kind === 'reinstated') continue;
      if (row.kind !== 'other') {
        yield leieLine(row) + NL;
        continue;
      }
      const at = ordinal++;
      if (at === unknownAt) yield leieLine({ ...row, exclType: UNKNOWN_EXCL_TYPE }) + NL;
      else yield leieLine(row, spoiled.get(at)) + NL;
    }
  })();
  await sendCsv(ctx, req, res, 'UPDATED.csv', lines);
}

async function sendCsv(
  ctx: SimContext,
  req: IncomingMessage,
  res: ServerResponse,
  fileName: string,
  lines: Iterable<string>,
): Promise<void> {
  await streamText(
    req,
    res,
    200,
    {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
      'last-modified': new Date(`${ctx.population.today}T06:00:00Z`).toUTCString(),
    },
    lines,
  );
}
