import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = { path: string; headers: IncomingHttpHeaders; body: string; at: number };

export type WebhookReceiver = {
  url: (path: string) => string;
  received: ReceivedWebhook[];
  /** The status a path answers (200 unless set). */
  answer: (path: string, status: number) => void;
  waitFor: (match: (r: ReceivedWebhook) => boolean, timeoutMs?: number) => Promise<ReceivedWebhook>;
  close: () => Promise<void>;
};

/** A customer's webhook endpoint at the network edge: a real HTTP server on 127.0.0.1 keeping every request. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const statuses = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      res.statusCode = statuses.get(path) ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    answer: (path, status) => statuses.set(path, status),
    waitFor: async (match, timeoutMs = 15_000) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > until) throw new Error('no such webhook received');
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
