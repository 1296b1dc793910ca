import type { IncomingMessage, ServerResponse } from 'node:http';
import { usDate } from '../board-records.ts';
import { streamText, streamZip, writeChunk } from '../http-util.ts';
import type { BoardLicense } from '../population.ts';
import { hash32 } from '../prng.ts';
import type { SimContext } from '../sim-context.ts';
import { MISSOURI_MED, MISSOURI_OPS } from './missouri-listing.ts';
import { OHIO_LICENSURE } from './ohio-licensure.ts';
import type { SiteFile, SitePage, TextSiteFile } from './site-file.ts';
import { WEST_VIRGINIA_BULK_FILE, WEST_VIRGINIA_BULK_FILES_PAGE } from './west-virginia-bulk-file.ts';

// Files the real boards publish, as they publish them (docs/sources.md), at their real paths under
// /sites/<host>: the header where the board puts it, its columns, codes, date forms and quirks.

/** A CSV cell, quoted only when it must be. */
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * Maryland Board of Physicians, `doctor_list_revised.csv`: its physicians with an active license only,
 * monthly, a title line above the header; the first name carries the middle initial, the status is a
 * code ('A' active), discipline a Y/N flag, and the number a letter and seven digits.
 */
const MARYLAND: TextSiteFile = {
  host: 'www.mbp.state.md.us',
  path: '/forms/doctor_list_revised.csv',
  boardId: 'md-med',
  contentType: 'text/csv',
  head: (today) => [
    `Maryland Board of Physicians - Physicians with an active license as of ${usDate(today)}`,
    'License #,Last Name,First Name,License Status,Expiration Date,Discipline',
  ],
  line: ({ person, license }) => {
    if (license.status !== 'active' && license.status !== 'probation') return null;
    const initial = license.middleAsPublished?.charAt(0);
    return [
      license.licenseNumber ?? '',
      license.lastNameAsPublished.toUpperCase(),
      (initial ? `${person.firstName} ${initial}` : person.firstName).toUpperCase(),
      license.status === 'active' ? 'A' : 'Probation',
      usDate(license.expiryDate),
      license.discipline ? 'Y' : 'N',
    ]
      .map(cell)
      .join(',');
  },
};

/** Files anyone may fetch. Florida's PROF_ALL.zip is not one: its portal hands it out (florida-portal.ts). */
export const SITE_FILES: readonly SiteFile[] = [
  MARYLAND,
  OHIO_LICENSURE,
  MISSOURI_MED,
  MISSOURI_OPS,
  WEST_VIRGINIA_BULK_FILE,
];

/** Pages that link a board's file by its text. */
export const SITE_PAGES: readonly SitePage[] = [WEST_VIRGINIA_BULK_FILES_PAGE];

/** The page a path under /sites names: `<host>/<path>`; undefined for any other. */
export function sitePage(parts: readonly string[]): SitePage | undefined {
  const [host, ...rest] = parts;
  const path = `/${rest.join('/')}`;
  return SITE_PAGES.find((p) => p.host === host && p.path === path);
}

/** The file a path under /sites names: `<host>/<path>`; undefined for any other. */
export function siteFile(parts: readonly string[]): SiteFile | undefined {
  const [host, ...rest] = parts;
  const path = `/${rest.join('/')}`;
  return SITE_FILES.find((f) => f.host === host && f.path === path);
}

/** The board's licenses in the population's order, each with its holder. */
function* boardLicenses(ctx: SimContext, boardId: string): Generator<BoardLicense> {
  for (const index of ctx.index().members(boardId)) {
    const person = ctx.population.person(index);
    const license = person.licenses.find((l) => l.boardId === boardId);
    if (license) yield { person, license };
  }
}

/**
 * GET /sites/<host>/<path>: the whole file, the board's licenses in the population's order. `name`:
 * the download's file name, by default the path's last segment (a portal serves its file under a
 * page's path: florida-portal.ts).
 */
export async function handleSiteFile(
  ctx: SimContext,
  req: IncomingMessage,
  res: ServerResponse,
  file: SiteFile,
  name: string = file.path.split('/').at(-1) ?? 'list',
): Promise<void> {
  const { today } = ctx.population;
  const headers = {
    'content-disposition': `attachment; filename="${name}"`,
    'last-modified': new Date(`${today}T06:00:00Z`).toUTCString(),
  };
  if ('bytes' in file) {
    const body = await file.bytes([...boardLicenses(ctx, file.boardId)], today);
    res.writeHead(200, { 'content-type': file.contentType, 'content-length': body.byteLength, ...headers });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  const text: TextSiteFile = file;
  const newline = text.newline ?? '\r\n';
  function* lines(): Generator<string> {
    for (const line of text.head(today)) yield `${line}${newline}`;
    for (const boardId of [text.boardId, ...(text.alsoBoardIds ?? [])])
      for (const license of boardLicenses(ctx, boardId)) {
        const line = text.line(license);
        if (line !== null) yield `${line}${newline}`;
        if (text.filler && hash32(license.person.index, 101) % 3 === 0)
          yield `${text.filler(license.person)}${newline}`;
      }
  }
  if (file.zipEntry) {
    const encode = file.encoding === 'latin1' ? (text: string) => Buffer.from(text, 'latin1') : undefined;
    await streamZip(req, res, headers, { name: file.zipEntry, mtime: new Date(`${today}T06:00:00Z`), encode }, lines());
    return;
  }
  if (file.encoding === 'latin1') {
    res.writeHead(200, { 'content-type': `${file.contentType}; charset=iso-8859-1`, ...headers });
    if (req.method !== 'HEAD')
      for (const line of lines()) if (!res.destroyed) await writeChunk(res, Buffer.from(line, 'latin1'));
    res.end();
    return;
  }
  await streamText(req, res, 200, { 'content-type': `${file.contentType}; charset=utf-8`, ...headers }, lines());
}
