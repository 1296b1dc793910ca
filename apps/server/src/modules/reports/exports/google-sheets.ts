import { drive } from '@googleapis/drive';
import { sheets } from '@googleapis/sheets';
import { JWT } from 'google-auth-library';
import type { Cell } from '../../../platform/csv.ts';

export const GOOGLE_EXPORT_SCOPES = [
  'https://www.googleapis.com/auth/spreadsheets',
  // Only the files this service account created: enough to share its spreadsheets, nothing else in Drive.
  'https://www.googleapis.com/auth/drive.file',
];

/**
 * Creating a file in a shared-drive folder the service account did not create needs Drive access
 * beyond drive.file (which covers only the app's own files); the folder's membership bounds it.
 */
export const GOOGLE_FOLDER_EXPORT_SCOPES = [
  'https://www.googleapis.com/auth/spreadsheets',
  'https://www.googleapis.com/auth/drive',
];

/** The one sheet of an exported spreadsheet. */
export const LICENSES_SHEET = 'Licenses';

/** The Licenses sheet as every export leaves it, however the spreadsheet was created: the header row frozen. */
const LICENSES_SHEET_PROPERTIES = { title: LICENSES_SHEET, gridProperties: { frozenRowCount: 1 } };

const SPREADSHEET_MIME_TYPE = 'application/vnd.google-apps.spreadsheet';

export type GoogleSheetsClient = {
  /**
   * A new spreadsheet with one sheet, the Licenses sheet: owned by the service account, or, when the
   * client has a `folderId`, created in that folder (of a shared drive, which then owns it).
   */
  createSpreadsheet: (title: string) => Promise<{ spreadsheetId: string; url: string }>;
  /** Writes the rows from A1 of the Licenses sheet, after clearing it when `clear` (a re-sync may have fewer rows). */
  writeRows: (spreadsheetId: string, rows: readonly (readonly Cell[])[], options: { clear: boolean }) => Promise<void>;
  /** Lets `email` read the spreadsheet; `notify` has Google email them the link. */
  shareAsReader: (spreadsheetId: string, email: string, options: { notify: boolean }) => Promise<void>;
};

/** An answer other than 2xx from a Google API, with its HTTP status (0 when none came back). */
export class GoogleApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'GoogleApiError';
  }
}

export function spreadsheetUrlFor(spreadsheetId: string): string {
  return `https://docs.google.com/spreadsheets/d/${spreadsheetId}/edit`;
}

/** The spreadsheet id in a stored link (`…/spreadsheets/d/{id}/edit…`), or null when there is none. */
export function spreadsheetIdFromUrl(url: string | null): string | null {
  return /\/spreadsheets\/d\/([A-Za-z0-9_-]+)/.exec(url ?? '')?.[1] ?? null;
}

/** RAW input stores every cell as given: text starting with '=' stays text and never runs as a formula. */
export function toSheetValues(rows: readonly (readonly Cell[])[]): (string | number)[][] {
  return rows.map((row) => row.map((cell) => cell ?? ''));
}

async function callGoogle<T>(what: string, request: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await request()).data;
  } catch (err) {
    const e = err as { status?: number; response?: { status?: number }; message?: string };
    const status = e.status ?? e.response?.status ?? 0;
    throw new GoogleApiError(
      status,
      `Google ${what} failed${status ? ` (${status})` : ''}: ${e.message ?? String(err)}`,
    );
  }
}

/**
 * Sheets v4 and Drive v3 as a service account. It signs its own short-lived JWTs and sends them
 * as bearer tokens ("service account authorization without OAuth"), so no token endpoint is
 * called. `rootUrl` replaces https://sheets.googleapis.com/ and https://www.googleapis.com/ for
 * both APIs (tests point it at a local stand-in).
 *
 * Service accounts have no Drive storage of their own, so Google may refuse them new spreadsheets
 * ("storage quota exceeded"). With `folderId` — a folder of a shared drive the service account is
 * a member of — each spreadsheet is created in that folder through Drive instead, and its one
 * sheet is then renamed and frozen to match what spreadsheets.create would have made.
 */
export function createGoogleSheetsClient({
  email,
  key,
  rootUrl,
  folderId,
  timeoutMs = 30_000,
}: {
  email: string;
  key: string;
  rootUrl?: string;
  folderId?: string;
  timeoutMs?: number;
}): GoogleSheetsClient {
  const auth = new JWT({ email, key, scopes: folderId ? GOOGLE_FOLDER_EXPORT_SCOPES : GOOGLE_EXPORT_SCOPES });
  // Without this the library trades the JWT for an access token at a token URL gtoken hard-codes,
  // which no stand-in can replace; Sheets and Drive both accept the scoped self-signed JWT directly.
  auth.useJWTAccessWithScope = true;
  // The job queue retries a failed sync with backoff; retries inside gaxios would only hide outages.
  const options = { auth, rootUrl, timeout: timeoutMs, retry: false };
  const sheetsApi = sheets({ version: 'v4', ...options });
  const driveApi = drive({ version: 'v3', ...options });

  /** Drive creates a spreadsheet with one sheet, 'Sheet1', whose sheetId is 0: made into the Licenses sheet. */
  const createInFolder = async (title: string, parent: string) => {
    const file = await callGoogle('files.create', () =>
      driveApi.files.create({
        // Without it Drive answers 404 for a folder of a shared drive.
        supportsAllDrives: true,
        fields: 'id,webViewLink',
        requestBody: { name: title, mimeType: SPREADSHEET_MIME_TYPE, parents: [parent] },
      }),
    );
    if (!file.id) throw new GoogleApiError(0, 'Google files.create returned no id');
    const spreadsheetId = file.id;
    await callGoogle('spreadsheets.batchUpdate', () =>
      sheetsApi.spreadsheets.batchUpdate({
        spreadsheetId,
        requestBody: {
          requests: [
            {
              updateSheetProperties: {
                properties: { sheetId: 0, ...LICENSES_SHEET_PROPERTIES },
                fields: 'title,gridProperties.frozenRowCount',
              },
            },
          ],
        },
      }),
    );
    return { spreadsheetId, url: file.webViewLink ?? spreadsheetUrlFor(spreadsheetId) };
  };

  return {
    createSpreadsheet: async (title) => {
      if (folderId) return createInFolder(title, folderId);
      const created = await callGoogle('spreadsheets.create', () =>
        sheetsApi.spreadsheets.create({
          fields: 'spreadsheetId,spreadsheetUrl',
          requestBody: {
            properties: { title },
            sheets: [{ properties: LICENSES_SHEET_PROPERTIES }],
          },
        }),
      );
      if (!created.spreadsheetId) throw new GoogleApiError(0, 'Google spreadsheets.create returned no spreadsheetId');
      return {
        spreadsheetId: created.spreadsheetId,
        url: created.spreadsheetUrl ?? spreadsheetUrlFor(created.spreadsheetId),
      };
    },
    writeRows: async (spreadsheetId, rows, { clear }) => {
      if (clear) {
        await callGoogle('values.clear', () =>
          sheetsApi.spreadsheets.values.clear({ spreadsheetId, range: LICENSES_SHEET, requestBody: {} }),
        );
      }
      await callGoogle('values.update', () =>
        sheetsApi.spreadsheets.values.update({
          spreadsheetId,
          range: `${LICENSES_SHEET}!A1`,
          valueInputOption: 'RAW',
          requestBody: { majorDimension: 'ROWS', values: toSheetValues(rows) },
        }),
      );
    },
    shareAsReader: async (spreadsheetId, emailAddress, { notify }) => {
      await callGoogle('permissions.create', () =>
        driveApi.permissions.create({
          fileId: spreadsheetId,
          // Required for a file in a shared drive (else 404); harmless for one in the service account's own Drive.
          supportsAllDrives: true,
          sendNotificationEmail: notify,
          fields: 'id',
          requestBody: { type: 'user', role: 'reader', emailAddress },
        }),
      );
    },
  };
}
