import type { IncomingMessage, ServerResponse } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';

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
  // Generation is synchronous CPU work: yield so a big roster does not starve other requests.
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

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
