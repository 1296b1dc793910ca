import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Field = { id: string; name: string; type: string; options?: Record<string, unknown> };
type StandInRecord = { id: string; createdTime: string; fields: Record<string, unknown> };

export type StandInTable = { id: string; name: string; fields: Field[]; records: StandInRecord[] };
export type StandInBase = { id: string; name: string; workspaceId: string; tables: StandInTable[] };

export type AirtableCall = { method: string; path: string; query: URLSearchParams; body: unknown; status: number };

export type AirtableStandIn = {
  url: string;
  calls: AirtableCall[];
  bases: Map<string, StandInBase>;
  /** The next request is answered 429, with Retry-After when `retryAfterSeconds` is given. */
  rateLimitNext: (options?: { retryAfterSeconds?: number }) => void;
  /** Answer every request with this status (503: an outage) until called with null. */
  failWith: (status: number | null) => void;
  close: () => Promise<void>;
};

const MAX_RECORDS_PER_REQUEST = 10;
const FIELD_TYPES = new Set(['singleLineText', 'multilineText', 'number', 'date']);

const airtableId = (prefix: string) =>
  prefix +
  [...randomBytes(14)].map((b) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'[b % 62]).join('');

/** Whether `value` may be written to a field of this type (null clears any field). */
function fits(field: Field, value: unknown): boolean {
  if (value === null) return true;
  switch (field.type) {
    case 'number':
      return typeof value === 'number' && (field.options?.precision !== 0 || Number.isInteger(value));
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
    default:
      return typeof value === 'string';
  }
}

/**
 * A local stand-in for the Airtable Web API calls the export makes: create base (meta API), list,
 * upsert and delete records. Like Airtable it checks the bearer token, allows at most 10 records
 * per write, pages lists with `offset` (at most `pageSize` records a page, 100 at Airtable;
 * smaller here so tests see more than one page), rejects unknown fields and values of the wrong
 * type, and answers errors as `{error: {type, message}}`.
 */
export async function startAirtableStandIn({
  token,
  workspaceId,
  pageSize = 100,
}: {
  token: string;
  workspaceId: string;
  pageSize?: number;
}): Promise<AirtableStandIn> {
  const calls: AirtableCall[] = [];
  const bases = new Map<string, StandInBase>();
  let rateLimit: { retryAfterSeconds?: number } | null = null;
  let failure: number | null = null;

  const send = (res: ServerResponse, call: AirtableCall, status: number, body: unknown, headers = {}) => {
    call.status = status;
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, call: AirtableCall, status: number, type: string, message: string) =>
    send(res, call, status, { error: { type, message } });

  const findTable = (baseId: string, table: string) =>
    bases.get(baseId)?.tables.find((t) => t.id === table || t.name === table);

  const createBase = (call: AirtableCall, res: ServerResponse) => {
    const body = (call.body ?? {}) as {
      name?: string;
      workspaceId?: string;
      tables?: { name?: string; fields?: Omit<Field, 'id'>[] }[];
    };
    if (body.workspaceId !== workspaceId) {
      return fail(res, call, 403, 'INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND', 'Workspace not found or not permitted');
    }
    if (!body.name || !body.tables?.length) {
      return fail(res, call, 422, 'INVALID_REQUEST_UNKNOWN', 'A base needs a name and at least one table');
    }
    const tables: StandInTable[] = [];
    for (const t of body.tables) {
      const bad = (t.fields ?? []).find((f) => !FIELD_TYPES.has(f.type) || (f.type === 'number' && !f.options));
      if (!t.name || !t.fields?.length || bad) {
        return fail(res, call, 422, 'INVALID_FIELD_TYPE', `Unsupported field ${bad?.name ?? ''}`);
      }
      tables.push({
        id: airtableId('tbl'),
        name: t.name,
        fields: t.fields.map((f) => ({ ...f, id: airtableId('fld') })),
        records: [],
      });
    }
    const base: StandInBase = { id: airtableId('app'), name: body.name, workspaceId, tables };
    bases.set(base.id, base);
    return send(res, call, 200, {
      id: base.id,
      tables: tables.map((t) => ({ id: t.id, name: t.name, primaryFieldId: t.fields[0]?.id, fields: t.fields })),
    });
  };

  const list = (table: StandInTable, call: AirtableCall, res: ServerResponse) => {
    const size = Math.min(pageSize, Number(call.query.get('pageSize') ?? 100));
    const start = Number(call.query.get('offset') ?? 0);
    if (!Number.isInteger(start) || start < 0) return fail(res, call, 422, 'LIST_RECORDS_ITERATOR_NOT_AVAILABLE', '');
    const only = call.query.getAll('fields[]');
    const page = table.records.slice(start, start + size).map((r) => ({
      id: r.id,
      createdTime: r.createdTime,
      fields: only.length ? Object.fromEntries(Object.entries(r.fields).filter(([k]) => only.includes(k))) : r.fields,
    }));
    const next = start + size < table.records.length ? String(start + size) : undefined;
    return send(res, call, 200, { records: page, ...(next ? { offset: next } : {}) });
  };

  const upsert = (table: StandInTable, call: AirtableCall, res: ServerResponse) => {
    const body = (call.body ?? {}) as {
      performUpsert?: { fieldsToMergeOn?: string[] };
      records?: { fields?: Record<string, unknown> }[];
    };
    const records = body.records ?? [];
    const mergeOn = body.performUpsert?.fieldsToMergeOn ?? [];
    if (records.length === 0 || records.length > MAX_RECORDS_PER_REQUEST) {
      return fail(
        res,
        call,
        422,
        'INVALID_RECORDS',
        `Expected 1 to ${MAX_RECORDS_PER_REQUEST} records, got ${records.length}`,
      );
    }
    if (mergeOn.length === 0 || mergeOn.some((name) => !table.fields.some((f) => f.name === name))) {
      return fail(res, call, 422, 'INVALID_MERGE_FIELD', 'fieldsToMergeOn must name fields of the table');
    }
    for (const r of records) {
      for (const [name, value] of Object.entries(r.fields ?? {})) {
        const field = table.fields.find((f) => f.name === name);
        if (!field) return fail(res, call, 422, 'UNKNOWN_FIELD_NAME', `Unknown field name: "${name}"`);
        if (!fits(field, value)) {
          return fail(
            res,
            call,
            422,
            'INVALID_VALUE_FOR_COLUMN',
            `Field "${name}" cannot accept ${JSON.stringify(value)}`,
          );
        }
      }
    }
    const created: string[] = [];
    const updated: string[] = [];
    const answered: StandInRecord[] = [];
    for (const r of records) {
      const fields = r.fields ?? {};
      const matches = table.records.filter((existing) => mergeOn.every((m) => existing.fields[m] === fields[m]));
      if (matches.length > 1) {
        return fail(res, call, 422, 'INVALID_VALUE_FOR_COLUMN', 'More than one record matches fieldsToMergeOn');
      }
      let record = matches[0];
      if (record) updated.push(record.id);
      else {
        record = { id: airtableId('rec'), createdTime: new Date().toISOString(), fields: {} };
        table.records.push(record);
        created.push(record.id);
      }
      for (const [name, value] of Object.entries(fields)) {
        // Airtable keeps no empty cells: null clears the field.
        if (value === null) delete record.fields[name];
        else record.fields[name] = value;
      }
      answered.push(record);
    }
    return send(res, call, 200, { records: answered, createdRecords: created, updatedRecords: updated });
  };

  const remove = (table: StandInTable, call: AirtableCall, res: ServerResponse) => {
    const ids = call.query.getAll('records[]');
    if (ids.length === 0 || ids.length > MAX_RECORDS_PER_REQUEST) {
      return fail(
        res,
        call,
        422,
        'INVALID_RECORDS',
        `Expected 1 to ${MAX_RECORDS_PER_REQUEST} record ids, got ${ids.length}`,
      );
    }
    if (ids.some((id) => !table.records.some((r) => r.id === id))) {
      return fail(res, call, 404, 'NOT_FOUND', 'Could not find a record with that id');
    }
    table.records = table.records.filter((r) => !ids.includes(r.id));
    return send(res, call, 200, { records: ids.map((id) => ({ id, deleted: true })) });
  };

  const handle = (req: IncomingMessage, call: AirtableCall, res: ServerResponse) => {
    if (rateLimit) {
      const { retryAfterSeconds } = rateLimit;
      rateLimit = null;
      return send(
        res,
        call,
        429,
        { errors: [{ error: 'RATE_LIMIT_REACHED', message: 'Rate limit exceeded. Please try again later' }] },
        retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) },
      );
    }
    if (failure !== null) return fail(res, call, failure, 'SERVICE_UNAVAILABLE', 'Service unavailable');
    if (req.headers.authorization !== `Bearer ${token}`) {
      return fail(res, call, 401, 'AUTHENTICATION_REQUIRED', 'Authentication required');
    }
    const parts = call.path.split('/').filter(Boolean).map(decodeURIComponent);
    if (parts[0] !== 'v0') return fail(res, call, 404, 'NOT_FOUND', 'Not found');
    if (parts[1] === 'meta' && parts[2] === 'bases' && parts.length === 3 && req.method === 'POST') {
      return createBase(call, res);
    }
    if (parts.length !== 3) return fail(res, call, 404, 'NOT_FOUND', 'Not found');
    const table = findTable(parts[1] ?? '', parts[2] ?? '');
    if (!table) return send(res, call, 404, { error: 'NOT_FOUND' });
    if (req.method === 'GET') return list(table, call, res);
    if (req.method === 'PATCH') return upsert(table, call, res);
    if (req.method === 'DELETE') return remove(table, call, res);
    return fail(res, call, 404, 'NOT_FOUND', 'Not found');
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
    const call: AirtableCall = {
      method: req.method ?? '',
      path: target.pathname,
      query: target.searchParams,
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

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    bases,
    rateLimitNext: (options = {}) => {
      rateLimit = options;
    },
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
