import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  CALIFORNIA_HEADER,
  californiaLine,
  FLORIDA_HEADER,
  floridaLine,
  MISSOURI_HEADER,
  malformedLine,
  malformedPosition,
  missouriLine,
} from './board-records.ts';
import { sendText, streamText, streamZip } from './http-util.ts';
import type { BoardLicense } from './population.ts';
import type { SimContext } from './sim-context.ts';

type BulkFile = {
  fileName: string;
  style: 'fl' | 'mo' | 'ca';
  header: string;
  /** CSV is RFC 4180 (CRLF); the others are Unix text files. */
  newline: string;
  line: (license: BoardLicense, today: string) => string;
};

const FLORIDA: BulkFile = {
  fileName: 'licensees.txt',
  style: 'fl',
  header: FLORIDA_HEADER,
  newline: '\n',
  line: floridaLine,
};

const BULK_FILES: Record<string, BulkFile> = {
  'fl-md': FLORIDA,
  'fl-do': FLORIDA,
  'mo-med': {
    fileName: 'licensees.zip',
    style: 'mo',
    header: MISSOURI_HEADER,
    newline: '\n',
    line: missouriLine,
  },
  'ca-md': {
    fileName: 'licensees.csv',
    style: 'ca',
    header: CALIFORNIA_HEADER,
    newline: '\r\n',
    line: californiaLine,
  },
  'ca-do': {
    fileName: 'licensees.csv',
    style: 'ca',
    header: CALIFORNIA_HEADER,
    newline: '\r\n',
    line: californiaLine,
  },
};

/** The name of the bulk file a delimited-file board serves, e.g. 'licensees.txt'. */
export function bulkFileName(boardId: string): string | undefined {
  return BULK_FILES[boardId]?.fileName;
}

export const MAX_MALFORMED = 100_000;

/** Header, then the board's rows with `malformed` bad rows slotted in at fixed positions. */
function* bulkFileLines(ctx: SimContext, boardId: string, file: BulkFile, malformed: number): Generator<string> {
  const { population } = ctx;
  const nl = file.newline;
  yield file.header + nl;
  let rows = 0;
  let bad = 0;
  for (const license of population.boardLicenses(boardId)) {
    yield file.line(license, population.today) + nl;
    rows++;
    while (bad < malformed && malformedPosition(bad) < rows) yield malformedLine(file.style, bad++) + nl;
  }
  // A short bulk file still gets every bad row it was asked for.
  while (bad < malformed) yield malformedLine(file.style, bad++) + nl;
}

export async function handleBulkFile(
  ctx: SimContext,
  req: IncomingMessage,
  res: ServerResponse,
  boardId: string,
  fileName: string,
  query: URLSearchParams,
): Promise<void> {
  const file = BULK_FILES[boardId];
  if (!file || file.fileName !== fileName) {
    sendText(res, 404, 'Not found\n');
    return;
  }
  const malformedParam = query.get('malformed') ?? '0';
  if (!/^\d+$/.test(malformedParam) || Number(malformedParam) > MAX_MALFORMED) {
    sendText(res, 400, `malformed must be an integer from 0 to ${MAX_MALFORMED}\n`);
    return;
  }
  const malformed = Number(malformedParam);
  const lastModified = new Date(`${ctx.population.today}T06:00:00Z`).toUTCString();
  const lines = bulkFileLines(ctx, boardId, file, malformed);

  if (file.style !== 'mo') {
    const type = file.style === 'ca' ? 'text/csv; charset=utf-8' : 'text/plain; charset=utf-8';
    await streamText(
      req,
      res,
      200,
      {
        'content-type': type,
        'content-disposition': `attachment; filename="${fileName}"`,
        'last-modified': lastModified,
      },
      lines,
    );
    return;
  }

  await streamZip(
    req,
    res,
    { 'content-disposition': `attachment; filename="${fileName}"`, 'last-modified': lastModified },
    { name: 'physicians.txt', mtime: new Date(`${ctx.population.today}T06:00:00Z`) },
    lines,
  );
}
