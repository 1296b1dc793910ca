import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LicenseStatus } from '@licensewatch/shared/licenses';
import { usDate } from '../board-records.ts';
import { sendJson, streamText } from '../http-util.ts';
import type { BoardLicense, SimPerson } from '../population.ts';
import { hash32 } from '../prng.ts';
import type { SimContext } from '../sim-context.ts';

// California DCA's licensee lists (docs/sources.md, California; X5, X14): a public Box folder the
// page www.dca.ca.gov/consumers/public_info embeds, read with a token from the page's own endpoint.
// One sub-folder per board, `<Board>_<code>`; its list in files named `<Board>_Data<n>.xls` that are
// tab-separated text despite the name, refreshed monthly, holding the board's licences in standing
// Current, Delinquent or Inactive. The simulator serves the token endpoint and the slice of Box's API
// a reader uses (a folder's items, a file's content) under /sites/<host>/…; the folder names of the
// medical boards and every column beyond X5's six are the simulator's assumption.

export const DCA_TOKEN_PATH = ['www.dca.ca.gov', 'boxToken', 'getToken'];
/** DCA's "Public Information" Box folder (X5). */
export const DCA_ROOT_FOLDER = '66089580694';

type BoardFolder = { boardId: string; id: string; name: string; licenseType: string; others: readonly string[] };

const FOLDERS: readonly BoardFolder[] = [
  {
    boardId: 'ca-md',
    id: '180000001',
    name: 'MedicalBoard_8002',
    licenseType: 'Physician and Surgeon',
    others: ['Licensed Midwife', 'Polysomnographic Technologist'],
  },
  {
    boardId: 'ca-do',
    id: '180000002',
    name: 'OsteopathicMedicalBoard_8200',
    licenseType: 'Osteopathic Physician and Surgeon',
    others: [],
  },
];

/** Another board's folder in the root, as X5 found it. */
const OTHER_FOLDERS = [{ type: 'folder', id: '131000001', name: 'AutomotiveRepair_1310' }];

/** Two data files per board: a list too long for one file is split, and read in name order. */
const DATA_FILES = 2;

/** The columns: X5's six (License Type, Org/Last Name, Address Line 1, City, Zip, License Status) among X14's fields. */
export const DCA_COLUMNS = [
  'Agency Name',
  'License Type',
  'License Number',
  'Individual/Organization',
  'Org/Last Name',
  'First Name',
  'Middle Name',
  'Name Suffix',
  'Address Line 1',
  'Address Line 2',
  'City',
  'State',
  'Zip',
  'County',
  'Original Issue Date',
  'Expiration Date',
  'License Status',
] as const;

/** The standings a list holds (X14); a licence in any other is not on it. */
const DCA_STANDING: Partial<Record<LicenseStatus, string>> = {
  active: 'Current',
  expired: 'Delinquent',
  inactive: 'Inactive',
};

const CITIES = [
  ['Los Angeles', 'Los Angeles', '90033'],
  ['San Francisco', 'San Francisco', '94143'],
  ['San Diego', 'San Diego', '92103'],
  ['Sacramento', 'Sacramento', '95817'],
  ['Fresno', 'Fresno', '93701'],
] as const;

const tokenFor = (today: string) => `simbox${today.replaceAll('-', '')}`;

const pick = <T>(person: SimPerson, items: readonly T[], salt: number) =>
  items[hash32(person.index, salt) % items.length] as T;

function line(folder: BoardFolder, values: Partial<Record<(typeof DCA_COLUMNS)[number], string>>): string {
  return DCA_COLUMNS.map((c) => (c === 'Agency Name' ? agencyName(folder) : (values[c] ?? ''))).join('\t');
}

const agencyName = (folder: BoardFolder) =>
  folder.boardId === 'ca-md' ? 'Medical Board of California' : 'Osteopathic Medical Board of California';

function address(person: SimPerson) {
  const [city, county, zip] = pick(person, CITIES, 83);
  // DCA publishes ZIP+4 without its dash (X5).
  return {
    City: city,
    County: county,
    State: 'CA',
    Zip: `${zip}${String(hash32(person.index, 89) % 10_000).padStart(4, '0')}`,
  };
}

function licenceLine(folder: BoardFolder, { person, license }: BoardLicense): string | null {
  const standing = DCA_STANDING[license.status];
  if (!standing || !license.licenseNumber) return null;
  return line(folder, {
    'License Type': folder.licenseType,
    'License Number': license.licenseNumber,
    'Individual/Organization': 'I',
    'Org/Last Name': license.lastNameAsPublished.toUpperCase(),
    'First Name': person.firstName.toUpperCase(),
    'Middle Name': (license.middleAsPublished ?? '').toUpperCase(),
    'Name Suffix': (person.suffix ?? '').toUpperCase(),
    'Address Line 1': `${100 + (hash32(person.index, 97) % 9000)} Medical Center Dr`,
    ...address(person),
    'Original Issue Date': usDate(license.issueDate),
    'Expiration Date': usDate(license.expiryDate),
    'License Status': standing,
  });
}

/** A licence of another type the board's folder also holds: a row the reader leaves out. */
function otherLine(folder: BoardFolder, person: SimPerson): string | null {
  if (folder.others.length === 0) return null;
  return line(folder, {
    'License Type': pick(person, folder.others, 101),
    'License Number': String(1000 + (hash32(person.index, 103) % 90_000)),
    'Individual/Organization': 'I',
    'Org/Last Name': person.lastName.toUpperCase(),
    'First Name': person.firstName.toUpperCase(),
    ...address(person),
    'Original Issue Date': '05/01/2019',
    'Expiration Date': '04/30/2027',
    'License Status': 'Current',
  });
}

const json = (res: ServerResponse, status: number, body: unknown) => sendJson(res, status, body);

/** Whether a path under /sites is DCA's token endpoint or Box's API. */
export function isCaliforniaBox(parts: readonly string[]): boolean {
  return parts.join('/') === DCA_TOKEN_PATH.join('/') || (parts[0] === 'api.box.com' && parts[1] === '2.0');
}

/** The token endpoint, a folder's items and a file's content, each as the real services answer. */
export async function handleCaliforniaBox(
  ctx: SimContext,
  req: IncomingMessage,
  res: ServerResponse,
  parts: readonly string[],
  query: URLSearchParams,
): Promise<void> {
  const token = tokenFor(ctx.population.today);
  if (parts.join('/') === DCA_TOKEN_PATH.join('/')) {
    json(res, 200, token);
    return;
  }
  if (req.headers.authorization !== `Bearer ${token}`) {
    json(res, 401, { type: 'error', status: 401, code: 'unauthorized', message: 'Unauthorized' });
    return;
  }
  const [, , kind, id, leaf] = parts;
  if (kind === 'folders' && leaf === 'items') {
    const offset = Number(query.get('offset') ?? 0);
    const limit = Math.min(Number(query.get('limit') ?? 100), 1000);
    const entries =
      id === DCA_ROOT_FOLDER
        ? [...OTHER_FOLDERS, ...FOLDERS.map((f) => ({ type: 'folder', id: f.id, name: f.name }))]
        : folderFiles(id);
    if (!entries) {
      json(res, 404, { type: 'error', status: 404, code: 'not_found', message: 'Not Found' });
      return;
    }
    json(res, 200, { total_count: entries.length, entries: entries.slice(offset, offset + limit), offset, limit });
    return;
  }
  const file = kind === 'files' && leaf === 'content' ? dataFile(id) : undefined;
  if (!file) {
    json(res, 404, { type: 'error', status: 404, code: 'not_found', message: 'Not Found' });
    return;
  }
  const { folder, part } = file;
  function* lines(): Generator<string> {
    yield `${DCA_COLUMNS.join('\t')}\r\n`;
    for (const index of ctx.index().members(folder.boardId)) {
      if (index % DATA_FILES !== part) continue;
      const person = ctx.population.person(index);
      const license = person.licenses.find((l) => l.boardId === folder.boardId);
      const row = license ? licenceLine(folder, { person, license }) : null;
      if (row !== null) yield `${row}\r\n`;
      const other = hash32(index, 107) % 4 === 0 ? otherLine(folder, person) : null;
      if (other !== null) yield `${other}\r\n`;
    }
  }
  // Despite its .xls name, the file is tab-separated text (X5).
  await streamText(req, res, 200, { 'content-type': 'application/octet-stream' }, lines());
}

/** The files of a board's folder: its data files and a note that is not one. */
function folderFiles(folderId: string | undefined) {
  const folder = FOLDERS.find((f) => f.id === folderId);
  if (!folder) return undefined;
  const board = folder.name.split('_')[0];
  return [
    { type: 'file', id: `${folder.id}99`, name: `${board}_ReadMe.pdf` },
    ...Array.from({ length: DATA_FILES }, (_, part) => ({
      type: 'file',
      id: `${folder.id}0${part + 1}`,
      name: `${board}_Data${part + 1}.xls`,
    })),
  ];
}

function dataFile(fileId: string | undefined): { folder: BoardFolder; part: number } | undefined {
  const folder = FOLDERS.find((f) => fileId?.startsWith(f.id) && /^0\d$/.test(fileId.slice(f.id.length)));
  if (!folder || !fileId) return undefined;
  const part = Number(fileId.slice(folder.id.length)) - 1;
  return part >= 0 && part < DATA_FILES ? { folder, part } : undefined;
}
