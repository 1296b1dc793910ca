import type { IncomingMessage, ServerResponse } from 'node:http';
import { usDate } from '../board-records.ts';
import { escapeHtml, htmlPage, readForm, sendHtml, sendText, streamText } from '../http-util.ts';
import type { BoardLicense, SimPerson } from '../population.ts';
import { hash32 } from '../prng.ts';
import type { SimContext } from '../sim-context.ts';
import { newSessionId, SESSION_COOKIE, sessionIdOf } from './aspnet-page.ts';

// The Alabama Board of Medical Examiners' bulk-file page, roster.aspx (docs/sources.md, Alabama; PSV
// 2026): an ASP.NET WebForms page whose form, posted back with the page's hidden state and session
// cookie, answers with a CSV of every active Alabama license — MDs, DOs and physician assistants —
// UTF-8 with a byte-order mark, lines ending CRLF. Anything else posted (a missing or stale state, no session, another
// button) is answered as WebForms does: the page again, HTTP 200. The control names, the page's text
// and the words beyond those PSV read are the simulator's own: the evidence does not give them.

export const ALABAMA_BOARD_ID = 'al-med';
const HOST = 'dashboard.albme.gov';
const PATH = ['Verification', 'roster.aspx'];

/** The bulk file's 15 columns, in PSV's order. */
export const ALABAMA_COLUMNS = [
  'LICENSE NUMBER',
  'FIRST NAME',
  'MIDDLE NAME',
  'LAST NAME',
  'SUFFIX',
  'LICENSE TYPE',
  'LICENSE SUBTYPE',
  'LICENSE SUFFIX',
  'LICENSE STATUS',
  'ISSUE DATE',
  'EXPIRATION DATE',
  'SPECIALTY/TYPE OF PRACTICE',
  'MEDICAL SCHOOL',
  'PUBLIC ACTIONS?',
  'SUPERVISING PHYSICIAN',
] as const;

type AlabamaColumn = (typeof ALABAMA_COLUMNS)[number];

/** The page's controls (a master page's naming: ctl00$MainContent$…). */
export const ALABAMA_FORM = {
  licenseType: 'ctl00$MainContent$ddlLicenseType',
  format: 'ctl00$MainContent$ddlFormat',
  download: 'ctl00$MainContent$btnDownload',
  reset: 'ctl00$MainContent$btnReset',
} as const;

const LICENSE_TYPES = [
  ['', 'All license types'],
  ['MD', 'Medical Doctor'],
  ['DO', 'Doctor of Osteopathy'],
  ['PA', 'Physician Assistant'],
] as const;
const FORMATS = [['CSV', 'Comma-separated (CSV)']] as const;

// The page's own hash, the same for every visitor (as WebForms computes it from the page's path).
const VIEWSTATE_GENERATOR = 'A1C6F0B2';
const MAX_FORM_BYTES = 64 * 1024;

const SCHOOLS = {
  MD: [
    'University of Alabama School of Medicine',
    'University of South Alabama College of Medicine',
    'Emory University School of Medicine',
    'University of Mississippi School of Medicine',
  ],
  DO: ['Alabama College of Osteopathic Medicine', 'Edward Via College of Osteopathic Medicine - Auburn'],
} as const;

const PA_FIRST_NAMES = ['Ashley', 'Brandon', 'Courtney', 'Dustin', 'Haley', 'Jordan', 'Kelsey', 'Tyler'] as const;

/** Whether a path under /sites names the bulk-file page. */
export function isAlabamaBulkFilePage(parts: readonly string[]): boolean {
  return parts.length === 3 && parts[0] === HOST && parts[1] === PATH[0] && parts[2] === PATH[1];
}

/** GET: the page (a session begun); POST: the CSV when the form came back whole, else the page again. */
export async function handleAlabamaBulkFilePage(
  ctx: SimContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const session = sessionIdOf(req);
  if (req.method === 'GET' || req.method === 'HEAD') {
    sendPage(res, session);
    return;
  }
  if (req.method !== 'POST') {
    sendText(res, 405, 'Method not allowed\n');
    return;
  }
  const form = await readForm(req, MAX_FORM_BYTES);
  const licenseType = form && session ? acceptedLicenseType(form, session) : undefined;
  if (licenseType === undefined) {
    sendPage(res, session);
    return;
  }
  const today = ctx.population.today;
  const rows = function* () {
    yield `\uFEFF${ALABAMA_COLUMNS.join(',')}\r\n`;
    for (const licensed of boardLicenses(ctx)) {
      const line = licenseLine(licensed);
      if (line && (licenseType === '' || licensed.license.licenseType === licenseType)) yield `${line}\r\n`;
      if ((licenseType === '' || licenseType === 'PA') && hash32(licensed.person.index, 211) % 3 === 0)
        yield `${assistantLine(licensed.person, today)}\r\n`;
    }
  };
  await streamText(
    req,
    res,
    200,
    {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="ABME_Roster_${today.replaceAll('-', '')}.csv"`,
      'cache-control': 'private',
    },
    rows(),
  );
}

/**
 * The license type asked for ('' for all) when the form came back as the page wrote it for this
 * session: its state, the download button, and select values the page offered (event validation).
 */
function acceptedLicenseType(form: URLSearchParams, session: string): string | undefined {
  if (form.get('__VIEWSTATE') !== viewState(session)) return undefined;
  if (form.get('__VIEWSTATEGENERATOR') !== VIEWSTATE_GENERATOR) return undefined;
  if (form.get('__EVENTVALIDATION') !== eventValidation(session)) return undefined;
  if (!form.has(ALABAMA_FORM.download)) return undefined;
  const licenseType = form.get(ALABAMA_FORM.licenseType);
  const format = form.get(ALABAMA_FORM.format);
  if (!LICENSE_TYPES.some(([value]) => value === licenseType)) return undefined;
  if (!FORMATS.some(([value]) => value === format)) return undefined;
  return licenseType ?? undefined;
}

function sendPage(res: ServerResponse, session: string | undefined) {
  const id = session ?? newSessionId();
  const options = (choices: readonly (readonly [string, string])[]) =>
    choices
      .map(
        ([value, label], i) =>
          `<option${i === 0 ? ' selected="selected"' : ''} value="${escapeHtml(value)}">${escapeHtml(label)}</option>`,
      )
      .join('\n');
  const page = htmlPage(
    'License Roster - Alabama Board of Medical Examiners',
    `<form method="post" action="./roster.aspx" id="form1">
<div class="aspNetHidden">
<input type="hidden" name="__EVENTTARGET" id="__EVENTTARGET" value="" />
<input type="hidden" name="__EVENTARGUMENT" id="__EVENTARGUMENT" value="" />
<input type="hidden" name="__VIEWSTATE" id="__VIEWSTATE" value="${escapeHtml(viewState(id))}" />
</div>
<div class="aspNetHidden">
<input type="hidden" name="__VIEWSTATEGENERATOR" id="__VIEWSTATEGENERATOR" value="${VIEWSTATE_GENERATOR}" />
<input type="hidden" name="__EVENTVALIDATION" id="__EVENTVALIDATION" value="${escapeHtml(eventValidation(id))}" />
</div>
<h1>License Roster</h1>
<p>A roster of all active licensees of the Alabama Board of Medical Examiners and Medical Licensure Commission.</p>
<label for="ctl00_MainContent_ddlLicenseType">License type</label>
<select name="${ALABAMA_FORM.licenseType}" id="ctl00_MainContent_ddlLicenseType">
${options(LICENSE_TYPES)}
</select>
<label for="ctl00_MainContent_ddlFormat">Format</label>
<select name="${ALABAMA_FORM.format}" id="ctl00_MainContent_ddlFormat">
${options(FORMATS)}
</select>
<input type="submit" name="${ALABAMA_FORM.download}" value="Download Roster" id="ctl00_MainContent_btnDownload" />
<input type="submit" name="${ALABAMA_FORM.reset}" value="Reset" id="ctl00_MainContent_btnReset" />
</form>`,
  );
  const headers: Record<string, string> = { 'cache-control': 'private' };
  if (!session) headers['set-cookie'] = `${SESSION_COOKIE}=${id}; path=/; HttpOnly; SameSite=Lax`;
  sendHtml(res, 200, page, headers);
}

/** Tied to the session, as a page's state is to the visit that rendered it (the simulator keeps no store). */
function viewState(session: string): string {
  return `/wEPDwUKLTk0ODc2MTIzOA9kFgJmD2QWAgID${Buffer.from(`roster|${session}`).toString('base64')}`;
}

function eventValidation(session: string): string {
  const values = [...LICENSE_TYPES, ...FORMATS].map(([value]) => value).join('|');
  return `/wEdAAY${Buffer.from(`${session}|${values}`).toString('base64')}`;
}

function* boardLicenses(ctx: SimContext): Generator<BoardLicense> {
  for (const index of ctx.index().members(ALABAMA_BOARD_ID)) {
    const person = ctx.population.person(index);
    const license = person.licenses.find((l) => l.boardId === ALABAMA_BOARD_ID);
    if (license) yield { person, license };
  }
}

/** A CSV cell, quoted only when it must be. */
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

const line = (values: Partial<Record<AlabamaColumn, string>>) =>
  ALABAMA_COLUMNS.map((column) => cell(values[column] ?? '')).join(',');

/** An active license's row (probation included: still in force); none for the others. */
function licenseLine({ person, license }: BoardLicense): string | null {
  if (license.licenseNumber === null) return null;
  if (license.status !== 'active' && license.status !== 'probation') return null;
  const schools = SCHOOLS[license.licenseType];
  return line({
    'LICENSE NUMBER': license.licenseNumber,
    'FIRST NAME': person.firstName,
    'MIDDLE NAME': license.middleAsPublished ?? '',
    'LAST NAME': license.lastNameAsPublished,
    SUFFIX: person.suffix ?? '',
    'LICENSE TYPE': license.licenseType,
    'LICENSE STATUS': license.status === 'active' ? 'Active' : 'Probation',
    'ISSUE DATE': usDate(license.issueDate),
    'EXPIRATION DATE': usDate(license.expiryDate),
    'SPECIALTY/TYPE OF PRACTICE': person.taxonomy.desc,
    'MEDICAL SCHOOL': schools[hash32(person.index, 212) % schools.length] as string,
    'PUBLIC ACTIONS?': license.discipline ? 'Yes' : 'No',
  });
}

/** A physician assistant this physician supervises: a row of another profession the reader leaves out. */
function assistantLine(physician: SimPerson, today: string): string {
  const first = PA_FIRST_NAMES[hash32(physician.index, 213) % PA_FIRST_NAMES.length] as string;
  return line({
    'LICENSE NUMBER': `PA.${String(hash32(physician.index, 214) % 100_000).padStart(5, '0')}`,
    'FIRST NAME': first,
    'LAST NAME': physician.lastName,
    'LICENSE TYPE': 'PA',
    'LICENSE STATUS': 'Active',
    'ISSUE DATE': '08/14/2019',
    'EXPIRATION DATE': `12/31/${Number(today.slice(0, 4)) + 1}`,
    'SPECIALTY/TYPE OF PRACTICE': 'Physician Assistant',
    'PUBLIC ACTIONS?': 'No',
    'SUPERVISING PHYSICIAN': `${physician.lastName}, ${physician.firstName}`,
  });
}
