import type { IncomingMessage, ServerResponse } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { strToU8, Zip, ZipDeflate } from 'fflate';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    ...headers,
  });
  res.end(html);
}

export function sendText(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body>
${body}
</body>
</html>
`;
}

/** Resolves once the socket can take more, or when the client has gone (then writing stops). */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** Writes one chunk, waiting when the client reads slower than we generate. */
export async function writeChunk(res: ServerResponse, chunk: string | Uint8Array): Promise<void> {
  if (res.destroyed) return;
  if (!res.write(chunk)) await drained(res);
  // Generation is synchronous CPU work: yield so a big bulk file does not starve other requests.
  else await nextTurn();
}

const CHUNK_CHARS = 64 * 1024;

/** Groups small strings into ~64 KB chunks. */
export function* chunked(pieces: Iterable<string>): Generator<string> {
  let buffer = '';
  for (const piece of pieces) {
    buffer += piece;
    if (buffer.length >= CHUNK_CHARS) {
      yield buffer;
      buffer = '';
    }
  }
  if (buffer !== '') yield buffer;
}

/**
 * Streams a body generated piece by piece, in constant memory, honouring backpressure. Stops
 * generating as soon as the client disconnects.
 */
export async function streamText(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  pieces: Iterable<string>,
): Promise<void> {
  res.writeHead(status, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  for (const chunk of chunked(pieces)) {
    if (res.destroyed) return;
    await writeChunk(res, chunk);
  }
  res.end();
}

/**
 * Streams a ZIP of one file whose text is generated piece by piece (sizes in data descriptors):
 * compressed chunks go out as they are produced, so even a million-row bulk file never sits in memory.
 * `encode` turns text into the file's bytes (UTF-8 unless the board writes another encoding).
 */
export async function streamZip(
  req: IncomingMessage,
  res: ServerResponse,
  headers: Record<string, string>,
  entry: { name: string; mtime: Date; encode?: (text: string) => Uint8Array },
  pieces: Iterable<string>,
): Promise<void> {
  res.writeHead(200, { 'content-type': 'application/zip', ...headers });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const encode = entry.encode ?? strToU8;
  const pending: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else pending.push(chunk);
  });
  const file = new ZipDeflate(entry.name, { level: 6 });
  // A fixed timestamp keeps the archive byte-identical for a given seed and day.
  file.mtime = entry.mtime;
  zip.add(file);
  const flush = async () => {
    while (pending.length > 0) await writeChunk(res, pending.shift() as Uint8Array);
  };
  for (const text of chunked(pieces)) {
    if (res.destroyed) return;
    file.push(encode(text));
    await flush();
  }
  file.push(new Uint8Array(0), true);
  zip.end();
  await flush();
  if (failure) res.destroy(failure);
  else res.end();
}

/**
 * A posted `application/x-www-form-urlencoded` form, or undefined for a body that is not one (or is
 * larger than `maxBytes`, which no form a page of ours writes is).
 */
export async function readForm(req: IncomingMessage, maxBytes = 64 * 1024): Promise<URLSearchParams | undefined> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? '')) return undefined;
  const text = await readBodyText(req, maxBytes);
  return text === undefined ? undefined : new URLSearchParams(text);
}

/** A request's body as UTF-8 text, or undefined once it is larger than `maxBytes` (read no further). */
export async function readBodyText(req: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
