import { setTimeout as sleepFor } from 'node:timers/promises';

/** Airtable takes at most 10 records per create, update or delete request. */
export const AIRTABLE_BATCH_SIZE = 10;
/** Airtable asks clients to wait 30 seconds after a 429 before the next request. */
export const AIRTABLE_RATE_LIMIT_WAIT_MS = 30_000;
/** Airtable allows 5 requests per second per base; one request at a time at least this far apart stays under it. */
const MIN_REQUEST_INTERVAL_MS = 220;

export type AirtableFieldSpec = {
  name: string;
  type: 'singleLineText' | 'multilineText' | 'number' | 'date';
  options?: Record<string, unknown>;
};

export type AirtableFields = Record<string, string | number | null>;
export type AirtableRecord = { id: string; fields: Record<string, unknown> };

/** A non-2xx answer from Airtable, with its status and Airtable's error type (e.g. INVALID_PERMISSIONS). */
export class AirtableError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = 'AirtableError';
  }
}

export type AirtableClient = {
  /** A new base in the configured workspace holding one table; its first field is the primary field. */
  createBase: (name: string, table: { name: string; fields: AirtableFieldSpec[] }) => Promise<{ baseId: string }>;
  /** Creates or updates records matched on `mergeOn`, in batches of 10. */
  upsertRecords: (baseId: string, table: string, records: AirtableFields[], mergeOn: string[]) => Promise<void>;
  /** Every record of the table (following `offset` from page to page), with only `fields`. */
  listRecords: (baseId: string, table: string, fields: string[]) => Promise<AirtableRecord[]>;
  deleteRecords: (baseId: string, table: string, recordIds: string[]) => Promise<void>;
};

export function airtableBaseUrlFor(baseId: string): string {
  return `https://airtable.com/${baseId}`;
}

/** The base id in a stored link (`https://airtable.com/{baseId}…`), or null when there is none. */
export function baseIdFromUrl(url: string | null): string | null {
  return /airtable\.com\/(app[A-Za-z0-9]+)/.exec(url ?? '')?.[1] ?? null;
}

export function inBatches<T>(items: readonly T[], size = AIRTABLE_BATCH_SIZE): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

/** How long to wait after a 429: Retry-After (seconds or an HTTP date) when sent, else Airtable's documented 30 s. */
export function rateLimitWaitMs(retryAfter: string | null, now = Date.now()): number {
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (retryAfter.trim() !== '' && Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  return AIRTABLE_RATE_LIMIT_WAIT_MS;
}

/** Airtable answers errors as {error: {type, message}}, {error: 'NOT_FOUND'} or, on 429, {errors: [{error, message}]}. */
export function airtableErrorOf(body: unknown): { type: string; message: string } {
  const b = (body ?? {}) as {
    error?: string | { type?: string; message?: string };
    errors?: { error?: string; message?: string }[];
  };
  if (typeof b.error === 'string') return { type: b.error, message: b.error };
  if (b.error) return { type: b.error.type ?? 'UNKNOWN', message: b.error.message ?? '' };
  const first = b.errors?.[0];
  if (first) return { type: first.error ?? 'UNKNOWN', message: first.message ?? '' };
  return { type: 'UNKNOWN', message: '' };
}

/**
 * Airtable's REST API with a personal access token. Requests go one at a time, paced under the
 * 5-per-second limit; a 429 waits (Retry-After, else 30 s) and tries again, up to `maxAttempts`
 * tries in all. Any other non-2xx answer throws an AirtableError.
 */
export function createAirtableClient({
  apiUrl,
  token,
  workspaceId,
  maxAttempts = 4,
  timeoutMs = 30_000,
  sleep = (ms: number) => sleepFor(ms),
}: {
  apiUrl: string;
  token: string;
  workspaceId: string;
  maxAttempts?: number;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<unknown>;
}): AirtableClient {
  const root = apiUrl.replace(/\/+$/, '');
  let lastRequestAt = 0;

  const request = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      const wait = lastRequestAt + MIN_REQUEST_INTERVAL_MS - Date.now();
      if (wait > 0) await sleep(wait);
      lastRequestAt = Date.now();
      const res = await fetch(`${root}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      if (res.ok) return parsed as T;
      if (res.status === 429 && attempt < maxAttempts) {
        await sleep(rateLimitWaitMs(res.headers.get('retry-after')));
        continue;
      }
      const { type, message } = airtableErrorOf(parsed);
      throw new AirtableError(
        res.status,
        type,
        `Airtable ${method} ${path.split('?')[0]} failed: ${res.status} ${type}${message && message !== type ? `: ${message}` : ''}`,
      );
    }
  };

  const tablePath = (baseId: string, table: string) => `/v0/${encodeURIComponent(baseId)}/${encodeURIComponent(table)}`;

  return {
    createBase: async (name, table) => {
      const created = await request<{ id: string }>('POST', '/v0/meta/bases', { name, workspaceId, tables: [table] });
      return { baseId: created.id };
    },
    upsertRecords: async (baseId, table, records, mergeOn) => {
      for (const batch of inBatches(records)) {
        await request('PATCH', tablePath(baseId, table), {
          performUpsert: { fieldsToMergeOn: mergeOn },
          records: batch.map((fields) => ({ fields })),
        });
      }
    },
    listRecords: async (baseId, table, fields) => {
      const records: AirtableRecord[] = [];
      let offset: string | undefined;
      do {
        const query = new URLSearchParams();
        for (const field of fields) query.append('fields[]', field);
        if (offset) query.set('offset', offset);
        const page = await request<{ records: AirtableRecord[]; offset?: string }>(
          'GET',
          `${tablePath(baseId, table)}?${query}`,
        );
        records.push(...page.records);
        offset = page.offset;
      } while (offset);
      return records;
    },
    deleteRecords: async (baseId, table, recordIds) => {
      for (const batch of inBatches(recordIds)) {
        const query = new URLSearchParams();
        for (const id of batch) query.append('records[]', id);
        await request('DELETE', `${tablePath(baseId, table)}?${query}`);
      }
    },
  };
}
