import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecaptchaStandIn = {
  /** RECAPTCHA_VERIFY_URL for the server. */
  verifyUrl: string;
  /** Tokens the stand-in accepts once each, as Google does. */
  issue: () => string;
  calls: URLSearchParams[];
  close: () => Promise<void>;
};

/**
 * A local stand-in for reCAPTCHA's siteverify: a form POST of secret, response and remoteip,
 * answered {success, error-codes} like Google (a wrong secret and a used token both fail).
 */
export async function startRecaptchaStandIn({ secret }: { secret: string }): Promise<RecaptchaStandIn> {
  const calls: URLSearchParams[] = [];
  const valid = new Set<string>();
  let issued = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      calls.push(form);
      const answer = (success: boolean, errors: string[] = []) =>
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ success, ...(success ? { hostname: '127.0.0.1' } : { 'error-codes': errors }) }));
      if (form.get('secret') !== secret) return answer(false, ['invalid-input-secret']);
      const token = form.get('response') ?? '';
      if (!valid.delete(token)) return answer(false, ['invalid-input-response']);
      return answer(true);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    verifyUrl: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    issue: () => {
      const token = `03AFcWeA-standin-${++issued}-${Date.now()}`;
      valid.add(token);
      return token;
    },
    calls,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
