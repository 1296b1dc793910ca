import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type SlackPost = { path: string; body: { text?: string; blocks?: unknown[] }; status: number };

export type SlackStandIn = {
  /** The incoming-webhook URL to give the server as SLACK_WEBHOOK_URL. */
  webhookUrl: string;
  /** Posts answered 200, in order; failed ones are in `attempts` only. */
  posts: SlackPost[];
  attempts: SlackPost[];
  /** Answer every post with this status (500: an outage) until called with null. */
  failWith: (status: number | null) => void;
  /** Never answer posts (a hung Slack) until called with false. */
  hang: (on: boolean) => void;
  close: () => Promise<void>;
};

/**
 * A local stand-in for a Slack incoming webhook: like Slack it takes a JSON body with `text`,
 * answers 200 'ok', and 400 'invalid_payload' / 'no_text' for bodies Slack refuses.
 */
export async function startSlackStandIn(): Promise<SlackStandIn> {
  const posts: SlackPost[] = [];
  const attempts: SlackPost[] = [];
  let failStatus: number | null = null;
  let hanging = false;
  const held = new Set<ServerResponse>();
  const path = '/services/T000/B000/standin';

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, text: string) => {
        res.writeHead(status, { 'content-type': 'text/plain' }).end(text);
        return status;
      };
      let body: SlackPost['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        attempts.push({ path: req.url ?? '', body, status: send(400, 'invalid_payload') });
        return;
      }
      if (req.method !== 'POST' || req.url !== path) {
        attempts.push({ path: req.url ?? '', body, status: send(404, 'no_service') });
        return;
      }
      if (hanging) {
        held.add(res);
        attempts.push({ path, body, status: 0 });
        return;
      }
      if (failStatus !== null) {
        attempts.push({ path, body, status: send(failStatus, 'internal_error') });
        return;
      }
      if (typeof body.text !== 'string' || body.text === '') {
        attempts.push({ path, body, status: send(400, 'no_text') });
        return;
      }
      const post = { path, body, status: send(200, 'ok') };
      attempts.push(post);
      posts.push(post);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    webhookUrl: `http://127.0.0.1:${port}${path}`,
    posts,
    attempts,
    failWith: (status) => {
      failStatus = status;
    },
    hang: (on) => {
      hanging = on;
      if (!on) for (const res of held) res.destroy();
      if (!on) held.clear();
    },
    close: () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
