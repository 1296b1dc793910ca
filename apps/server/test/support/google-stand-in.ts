import { type KeyObject, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A cell as Sheets stores it: RAW input keeps text as text; USER_ENTERED turns '=…' into a formula. */
export type StoredCell = string | number | boolean | { formula: string };

export type StandInSpreadsheet = {
  id: string;
  title: string;
  /** Sheet title → rows of cells from A1, in sheet order (a sheet's id is its index here). */
  sheets: Map<string, StoredCell[][]>;
  /** Sheet title → frozen rows, for sheets that have any. */
  frozenRows: Map<string, number>;
  /** The Drive folders holding it: none for a file in the service account's own Drive. */
  parents: string[];
  /** In a shared drive: Drive then finds it only for requests with supportsAllDrives=true. */
  inSharedDrive: boolean;
  permissions: { id: string; type: string; role: string; emailAddress: string }[];
};

type Claims = { iss: string; sub: string; scope: string; iat: number; exp: number };

export type GoogleCall = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  status: number;
  /** The verified JWT's claims, when the bearer token was good. */
  claims?: Claims;
};

export type GoogleStandIn = {
  /** Root URL for both APIs (GOOGLE_API_ROOT_URL). */
  url: string;
  calls: GoogleCall[];
  spreadsheets: Map<string, StandInSpreadsheet>;
  /** Answer every request with this status (503: an outage) until called with null. */
  failWith: (status: number | null) => void;
  close: () => Promise<void>;
};

const SHEETS_SCOPES = ['https://www.googleapis.com/auth/spreadsheets', 'https://www.googleapis.com/auth/drive'];
const DRIVE_SCOPES = ['https://www.googleapis.com/auth/drive.file', 'https://www.googleapis.com/auth/drive'];
const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

const SPREADSHEET_MIME_TYPE = 'application/vnd.google-apps.spreadsheet';
const QUOTA_EXCEEDED = "The user's Drive storage quota has been exceeded.";

const id = (n: number) =>
  randomBytes(n)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, 'x');

/**
 * A local stand-in for the Sheets v4 and Drive v3 endpoints the export calls — spreadsheets.create,
 * spreadsheets.batchUpdate (updateSheetProperties only), values.update, values.clear,
 * files.create (spreadsheets only) and permissions.create — and nothing else. Like Google it
 * accepts a service account's self-signed JWT as the bearer token: RS256, signed by the key whose
 * public half it was given, issued by and for the service account, with a scope that covers the
 * call, not expired. Values are stored the way Sheets stores them, so a formula written with
 * USER_ENTERED would show up as one.
 *
 * `sharedDriveFolders` are folders of a shared drive the service account is a member of; like
 * Drive, a file there (and the folder itself) is found only with supportsAllDrives=true. With
 * `ownsFiles: false` the service account is one Google gives no storage: creating a file anywhere
 * but in a shared drive fails with 403 "storage quota exceeded".
 */
export async function startGoogleStandIn({
  serviceAccountEmail,
  publicKey,
  sharedDriveFolders = [],
  ownsFiles = true,
}: {
  serviceAccountEmail: string;
  publicKey: KeyObject;
  sharedDriveFolders?: string[];
  ownsFiles?: boolean;
}): Promise<GoogleStandIn> {
  const calls: GoogleCall[] = [];
  const spreadsheets = new Map<string, StandInSpreadsheet>();
  let failure: number | null = null;
  let url = '';

  const send = (res: ServerResponse, call: GoogleCall, status: number, body: unknown) => {
    call.status = status;
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, call: GoogleCall, status: number, message: string) =>
    send(res, call, status, { error: { code: status, message, status: STATUS_NAMES[status] ?? 'UNKNOWN' } });
  const urlOf = (spreadsheetId: string) => `https://docs.google.com/spreadsheets/d/${spreadsheetId}/edit`;
  /** A Drive file as Drive v3 finds it: one in a shared drive only when the request supports all drives. */
  const driveFile = (fileId: string, query: Record<string, string>) => {
    const spreadsheet = spreadsheets.get(fileId);
    return spreadsheet && (!spreadsheet.inSharedDrive || query.supportsAllDrives === 'true') ? spreadsheet : undefined;
  };

  /** updateSheetProperties of a title and/or frozen row count; the error message, or null once applied. */
  const updateSheetProperties = (spreadsheet: StandInSpreadsheet, request: unknown): string | null => {
    const update = (request as { updateSheetProperties?: unknown }).updateSheetProperties as
      | {
          properties?: { sheetId?: number; title?: string; gridProperties?: { frozenRowCount?: number } };
          fields?: string;
        }
      | undefined;
    if (!update) return 'Only updateSheetProperties requests are supported in the stand-in.';
    const fields = (update.fields ?? '')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    if (fields.length === 0) return "At least one field must be specified in 'fields'.";
    const unknown = fields.find((f) => f !== 'title' && f !== 'gridProperties.frozenRowCount');
    if (unknown) return `Field '${unknown}' is not supported in the stand-in.`;
    const titles = [...spreadsheet.sheets.keys()];
    const sheetId = update.properties?.sheetId ?? 0;
    const current = titles[sheetId];
    if (current === undefined) return `No grid with id: ${sheetId}`;
    let title = current;
    if (fields.includes('title')) {
      title = update.properties?.title ?? '';
      if (!title) return 'The sheet name cannot be empty.';
      if (title !== current && spreadsheet.sheets.has(title)) {
        return `A sheet with the name "${title}" already exists. Please enter another name.`;
      }
    }
    const frozen = fields.includes('gridProperties.frozenRowCount')
      ? (update.properties?.gridProperties?.frozenRowCount ?? 0)
      : (spreadsheet.frozenRows.get(current) ?? 0);
    // Rebuilt to keep the sheets in their order under the new title.
    spreadsheet.sheets = new Map(titles.map((t) => [t === current ? title : t, spreadsheet.sheets.get(t) ?? []]));
    spreadsheet.frozenRows.delete(current);
    if (frozen > 0) spreadsheet.frozenRows.set(title, frozen);
    return null;
  };

  /** The claims of a good bearer JWT, or the reason it is not one. */
  const authenticate = (req: IncomingMessage): Claims | string => {
    const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token) return 'no bearer token';
    const [header = '', payload = '', signature = ''] = token.split('.');
    try {
      if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'RS256') return 'not RS256';
      const signed = verify(
        'RSA-SHA256',
        Buffer.from(`${header}.${payload}`),
        publicKey,
        Buffer.from(signature, 'base64url'),
      );
      if (!signed) return 'bad signature';
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const now = Math.floor(Date.now() / 1000);
      if (claims.iss !== serviceAccountEmail || claims.sub !== serviceAccountEmail) return 'wrong issuer';
      if (typeof claims.scope !== 'string') return 'no scope claim';
      if (!(claims.iat <= now + 60 && claims.exp > now && claims.exp - claims.iat <= 3600)) return 'expired';
      return claims;
    } catch {
      return 'malformed token';
    }
  };

  /** 'Licenses!A1' or 'Licenses' → the sheet, which must exist; only ranges starting at A1 are supported here. */
  const sheetOf = (sheet: StandInSpreadsheet, range: string) => {
    const [name = '', cell] = range.split('!');
    const title = name.replace(/^'(.*)'$/, '$1').replaceAll("''", "'");
    if (!sheet.sheets.has(title) || (cell !== undefined && cell.toUpperCase() !== 'A1')) return null;
    return title;
  };

  const handle = (req: IncomingMessage, call: GoogleCall, res: ServerResponse) => {
    if (failure !== null) return fail(res, call, failure, 'The service is currently unavailable.');
    const claims = authenticate(req);
    if (typeof claims === 'string') {
      return fail(res, call, 401, `Request had invalid authentication credentials (${claims}).`);
    }
    call.claims = claims;
    const scopes = claims.scope.split(' ');
    const body = (call.body ?? {}) as Record<string, unknown>;
    const parts = call.path.split('/').filter(Boolean).map(decodeURIComponent);

    if (parts[0] === 'v4' && parts[1] === 'spreadsheets') {
      if (!SHEETS_SCOPES.some((s) => scopes.includes(s))) {
        return fail(res, call, 403, 'Request had insufficient authentication scopes.');
      }
      if (req.method === 'POST' && parts.length === 2) {
        // Sheets puts a new spreadsheet in the caller's own Drive.
        if (!ownsFiles) return fail(res, call, 403, QUOTA_EXCEEDED);
        const props = (body.properties ?? {}) as { title?: string };
        const sheetProps = (
          (body.sheets ?? []) as {
            properties?: { title?: string; gridProperties?: { frozenRowCount?: number } };
          }[]
        ).map((s, i) => ({
          title: s.properties?.title ?? `Sheet${i + 1}`,
          frozen: s.properties?.gridProperties?.frozenRowCount ?? 0,
        }));
        const sheetList = sheetProps.length ? sheetProps : [{ title: 'Sheet1', frozen: 0 }];
        const spreadsheet: StandInSpreadsheet = {
          id: id(33),
          title: props.title ?? 'Untitled spreadsheet',
          sheets: new Map(sheetList.map((s) => [s.title, []])),
          frozenRows: new Map(sheetList.filter((s) => s.frozen > 0).map((s) => [s.title, s.frozen])),
          parents: [],
          inSharedDrive: false,
          permissions: [],
        };
        spreadsheets.set(spreadsheet.id, spreadsheet);
        return send(res, call, 200, {
          spreadsheetId: spreadsheet.id,
          spreadsheetUrl: urlOf(spreadsheet.id),
          properties: { title: spreadsheet.title },
          sheets: [...spreadsheet.sheets.keys()].map((title, index) => ({
            properties: { sheetId: index, title, index },
          })),
        });
      }
      const batchUpdate = parts.length === 3 && (parts[2] ?? '').endsWith(':batchUpdate');
      const spreadsheet = spreadsheets.get(
        batchUpdate ? (parts[2] ?? '').slice(0, -':batchUpdate'.length) : (parts[2] ?? ''),
      );
      if (!spreadsheet) return fail(res, call, 404, 'Requested entity was not found.');
      if (batchUpdate) {
        if (req.method !== 'POST') return fail(res, call, 404, 'Not found in the stand-in.');
        const requests = (body.requests ?? []) as unknown[];
        if (requests.length === 0) return fail(res, call, 400, 'Must specify at least one request.');
        // Sheets applies a batch all or nothing: check every request on a copy first.
        const trial = {
          ...spreadsheet,
          sheets: new Map(spreadsheet.sheets),
          frozenRows: new Map(spreadsheet.frozenRows),
        };
        for (const [i, request] of requests.entries()) {
          const error = updateSheetProperties(trial, request);
          if (error) return fail(res, call, 400, `Invalid requests[${i}].updateSheetProperties: ${error}`);
        }
        spreadsheet.sheets = trial.sheets;
        spreadsheet.frozenRows = trial.frozenRows;
        return send(res, call, 200, { spreadsheetId: spreadsheet.id, replies: requests.map(() => ({})) });
      }
      if (parts[3] !== 'values' || parts.length !== 5) return fail(res, call, 404, 'Not found in the stand-in.');
      const clear = req.method === 'POST' && parts[4]?.endsWith(':clear');
      const range = clear ? (parts[4] ?? '').slice(0, -':clear'.length) : (parts[4] ?? '');
      const title = sheetOf(spreadsheet, range);
      if (title === null) return fail(res, call, 400, `Unable to parse range: ${range}`);
      if (clear) {
        spreadsheet.sheets.set(title, []);
        return send(res, call, 200, { spreadsheetId: spreadsheet.id, clearedRange: title });
      }
      if (req.method !== 'PUT') return fail(res, call, 404, 'Not found in the stand-in.');
      const input = call.query.valueInputOption;
      if (input !== 'RAW' && input !== 'USER_ENTERED') {
        return fail(res, call, 400, "'valueInputOption' is required but not specified");
      }
      const values = (body.values ?? []) as (string | number | boolean | null)[][];
      const grid = spreadsheet.sheets.get(title) ?? [];
      values.forEach((row, r) => {
        const target = grid[r] ?? [];
        row.forEach((value, c) => {
          if (value === null) return; // null leaves the cell as it was
          target[c] =
            input === 'USER_ENTERED' && typeof value === 'string' && value.startsWith('=') ? { formula: value } : value;
        });
        grid[r] = target;
      });
      spreadsheet.sheets.set(title, grid);
      return send(res, call, 200, {
        spreadsheetId: spreadsheet.id,
        updatedRange: range,
        updatedRows: values.length,
        updatedColumns: Math.max(0, ...values.map((r) => r.length)),
        updatedCells: values.reduce((n, r) => n + r.length, 0),
      });
    }

    if (parts[0] === 'drive' && parts[1] === 'v3' && parts[2] === 'files' && parts.length === 3) {
      if (!DRIVE_SCOPES.some((s) => scopes.includes(s))) {
        return fail(res, call, 403, 'Request had insufficient authentication scopes.');
      }
      if (req.method !== 'POST') return fail(res, call, 404, 'Not found in the stand-in.');
      const { name, mimeType, parents = [] } = body as { name?: string; mimeType?: string; parents?: string[] };
      if (mimeType !== SPREADSHEET_MIME_TYPE)
        return fail(res, call, 400, 'Only spreadsheets are created in the stand-in.');
      if (!Array.isArray(parents) || parents.length > 1) {
        return fail(res, call, 400, 'Increasing the number of parents is not allowed.');
      }
      const [parent] = parents;
      if (parent !== undefined) {
        // Drive does not find a shared drive's folder for a request that does not support all drives.
        if (!sharedDriveFolders.includes(parent) || call.query.supportsAllDrives !== 'true') {
          return fail(res, call, 404, `File not found: ${parent}.`);
        }
      } else if (!ownsFiles) {
        return fail(res, call, 403, QUOTA_EXCEEDED);
      }
      // Drive makes a new spreadsheet with one sheet, 'Sheet1' (sheetId 0), nothing frozen.
      const spreadsheet: StandInSpreadsheet = {
        id: id(33),
        title: name ?? 'Untitled spreadsheet',
        sheets: new Map([['Sheet1', []]]),
        frozenRows: new Map(),
        parents: parent === undefined ? [] : [parent],
        inSharedDrive: parent !== undefined,
        permissions: [],
      };
      spreadsheets.set(spreadsheet.id, spreadsheet);
      const file: Record<string, string> = {
        kind: 'drive#file',
        id: spreadsheet.id,
        name: spreadsheet.title,
        mimeType: SPREADSHEET_MIME_TYPE,
        webViewLink: `${urlOf(spreadsheet.id)}?usp=drivesdk`,
      };
      // Like Drive: the default fields without `fields`, else only those asked for.
      const wanted = call.query.fields?.split(',').map((f) => f.trim()) ?? ['kind', 'id', 'name', 'mimeType'];
      return send(res, call, 200, Object.fromEntries(Object.entries(file).filter(([k]) => wanted.includes(k))));
    }

    if (parts[0] === 'drive' && parts[1] === 'v3' && parts[2] === 'files' && parts[4] === 'permissions') {
      if (!DRIVE_SCOPES.some((s) => scopes.includes(s))) {
        return fail(res, call, 403, 'Request had insufficient authentication scopes.');
      }
      if (req.method !== 'POST' || parts.length !== 5) return fail(res, call, 404, 'Not found in the stand-in.');
      const spreadsheet = driveFile(parts[3] ?? '', call.query);
      if (!spreadsheet) return fail(res, call, 404, `File not found: ${parts[3]}.`);
      const { type, role, emailAddress } = body as { type?: string; role?: string; emailAddress?: string };
      if (type !== 'user' || !role || !emailAddress) {
        return fail(res, call, 400, 'The permission type user requires an emailAddress and a role.');
      }
      // Drive keeps one permission per grantee: asking again returns it.
      let permission = spreadsheet.permissions.find((p) => p.emailAddress === emailAddress);
      if (!permission) {
        permission = { id: id(10), type, role, emailAddress };
        spreadsheet.permissions.push(permission);
      }
      return send(res, call, 200, { kind: 'drive#permission', id: permission.id });
    }

    return fail(res, call, 404, 'Not found in the stand-in.');
  };

  const server = createServer(async (req, res) => {
    const target = new URL(req.url ?? '/', 'http://stand-in');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const call: GoogleCall = {
      method: req.method ?? '',
      path: target.pathname,
      query: Object.fromEntries(target.searchParams),
      body,
      status: 0,
    };
    calls.push(call);
    handle(req, call, res);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  return {
    url,
    calls,
    spreadsheets,
    failWith: (status) => {
      failure = status;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
