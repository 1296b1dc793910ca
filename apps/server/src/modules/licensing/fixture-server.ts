import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Board, BoardSourceInput } from './config/board-config.ts';
import { boardSchema } from './config/board-config.ts';
import { BOARDS } from './config/jurisdictions.ts';
import { simulatorSource } from './config/simulator-sources.ts';

// Test support only: a throwaway HTTP server on port 0 that answers in the simulator's formats, so the
// source tests do not depend on apps/board-sim being finished.

export type FixtureHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: string,
) => void | Promise<void>;

export type FixtureServer = {
  url: string;
  /** Every request seen, in order. */
  requests: { method: string; url: URL; headers: IncomingMessage['headers']; body: string }[];
  close(): Promise<void>;
};

export async function startFixtureServer(handler: FixtureHandler): Promise<FixtureServer> {
  const requests: FixtureServer['requests'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fixture');
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? 'GET', url, headers: req.headers, body });
      Promise.resolve(handler(req, res, url, body)).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, value: unknown, status = 200) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(value));
}

export function sendHtml(res: ServerResponse, html: string, status = 200) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
}

export const MAINTENANCE_PAGE = '<!doctype html><html><body><h1>Down for maintenance</h1></body></html>';

/** A real board's entry with its simulator source at `baseUrl`, tuned to fail fast in tests. */
export function simBoard(id: string, baseUrl: string, patch: Partial<Record<string, unknown>> = {}): Board {
  const board = BOARDS.find((b) => b.id === id);
  if (!board) throw new Error(`no board ${id}`);
  const source = { ...simulatorSource(board, baseUrl), retries: 1, backoffMs: 1, timeoutMs: 2_000, ...patch };
  return boardSchema.parse({ ...board, source: source as BoardSourceInput });
}
