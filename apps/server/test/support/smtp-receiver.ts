import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedEmail = { from: string; to: string[]; raw: string; subject: string; text: string; html: string };

export type SmtpReceiver = {
  port: number;
  url: string;
  messages: ReceivedEmail[];
  /** Resolves with the first message (already received or still to come) that matches, or throws after `timeoutMs`. */
  waitFor: (match: (m: ReceivedEmail) => boolean, timeoutMs?: number) => Promise<ReceivedEmail>;
  /** Stops listening, so senders meet a refused connection, as when the provider is down. */
  stop: () => Promise<void>;
  /** Listens again on the same port. */
  start: () => Promise<void>;
};

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts. */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const messages: ReceivedEmail[] = [];
  let server: SMTPServer | undefined;
  let port = 0;

  const listen = async () => {
    const s = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Lets stop() finish quickly even if a sender left a connection open.
      closeTimeout: 500,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', callback);
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const { envelope } = session;
          messages.push({
            from: envelope.mailFrom ? envelope.mailFrom.address : '',
            to: envelope.rcptTo.map((r) => r.address),
            raw,
            ...parseMessage(raw),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
    });
    port = (s.server.address() as AddressInfo).port;
    server = s;
  };

  await listen();
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor: async (match, timeoutMs = 5000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching email within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    stop: async () => {
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    start: async () => {
      if (!server) await listen();
    },
  };
}

type Part = { headers: Map<string, string>; body: string };

/** Just enough MIME to read what nodemailer sends: nested multiparts, quoted-printable and base64. */
export function parseMessage(raw: string): { subject: string; text: string; html: string } {
  const top = splitPart(raw);
  const leaves = flatten(top);
  const leaf = (type: string) => {
    const part = leaves.find((p) => (p.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(type));
    return part ? decodeBody(part) : '';
  };
  return { subject: decodeWords(top.headers.get('subject') ?? ''), text: leaf('text/plain'), html: leaf('text/html') };
}

function splitPart(raw: string): Part {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return { headers, body };
}

function flatten(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [part];
  const sections = part.body.split(`--${boundary}`).slice(1);
  return sections.filter((s) => !s.startsWith('--')).flatMap((s) => flatten(splitPart(s.replace(/^\r?\n/, ''))));
}

function decodeBody({ headers, body }: Part): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function decodeQuotedPrintable(s: string): string {
  const soft = s.replace(/=\r?\n/g, '');
  // Byte by byte: a literal "%2F" in a link must survive, and =C3=A9 is one character.
  const out: Buffer[] = [];
  let last = 0;
  for (const m of soft.matchAll(/=([0-9A-F]{2})/gi)) {
    out.push(Buffer.from(soft.slice(last, m.index), 'utf8'), Buffer.from([Number.parseInt(m[1] ?? '', 16)]));
    last = m.index + 3;
  }
  out.push(Buffer.from(soft.slice(last), 'utf8'));
  return Buffer.concat(out).toString('utf8');
}

function decodeWords(s: string): string {
  return s.replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=\s*/gi, (_, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}
