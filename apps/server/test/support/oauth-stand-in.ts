import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInProfile = { sub: string; email: string; name: string; picture: string };

export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The form body of a POST; empty for a GET. */
  form: Record<string, string>;
  headers: IncomingMessage['headers'];
};

export type OAuthStandIn = {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The GOOGLE_* variables that point the server at this stand-in. */
  env: Record<string, string>;
  requests: RecordedRequest[];
  /** Like registering a redirect URI in the Google console: anything else is refused. */
  allowRedirectUri: (uri: string) => void;
  /** Who "signs in" at the next authorization. */
  signInAs: (profile: StandInProfile) => void;
  /** The next authorization redirects back with `error=<error>` instead of a code, as when the user cancels. */
  failNextAuthorization: (error: string) => void;
  close: () => Promise<void>;
};

type Grant = {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  nonce: string | undefined;
  profile: StandInProfile;
  expiresAt: number;
};

const CODE_SECONDS = 60;
const TOKEN_SECONDS = 3600;

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * A local stand-in for Google's OAuth 2.0 / OpenID endpoints, so sign-in is tested over real HTTP
 * with nothing of ours mocked. Like Google it answers the token request with an id_token whenever
 * `openid` was asked for; `issueIdToken: false` leaves only the userinfo endpoint to identify the user.
 */
export async function startOAuthStandIn({
  clientId = 'stand-in-client-id',
  clientSecret = 'stand-in-client-secret',
  issueIdToken = true,
}: {
  clientId?: string;
  clientSecret?: string;
  issueIdToken?: boolean;
} = {}): Promise<OAuthStandIn> {
  const requests: RecordedRequest[] = [];
  const redirectUris = new Set<string>();
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, { profile: StandInProfile; expiresAt: number }>();
  let profile: StandInProfile = {
    sub: '108234567890123456789',
    email: 'grace.hopper@example.com',
    name: 'Dr. Grace Hopper',
    picture: 'https://example.com/grace.png',
  };
  let nextError: string | undefined;
  let url = '';

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
    res.end(JSON.stringify(body));
  };

  const authorize = (query: Record<string, string>, res: ServerResponse) => {
    // Google shows its own error page, not a redirect, when it cannot trust the client or the redirect URI.
    if (query.client_id !== clientId) return json(res, 400, { error: 'invalid_client' });
    const redirectUri = query.redirect_uri ?? '';
    if (!redirectUris.has(redirectUri)) return json(res, 400, { error: 'redirect_uri_mismatch' });
    if (query.response_type !== 'code') return json(res, 400, { error: 'unsupported_response_type' });
    if (!query.state) return json(res, 400, { error: 'invalid_request', error_description: 'state is required' });
    if (!query.code_challenge || query.code_challenge_method !== 'S256') {
      return json(res, 400, { error: 'invalid_request', error_description: 'PKCE with S256 is required' });
    }
    const back = new URL(redirectUri);
    if (nextError) {
      back.searchParams.set('error', nextError);
      nextError = undefined;
    } else {
      const code = base64url(randomBytes(24));
      codes.set(code, {
        clientId,
        redirectUri,
        codeChallenge: query.code_challenge,
        scope: query.scope ?? '',
        nonce: query.nonce,
        profile,
        expiresAt: Date.now() + CODE_SECONDS * 1000,
      });
      back.searchParams.set('code', code);
    }
    back.searchParams.set('state', query.state);
    res.writeHead(302, { location: back.toString() });
    res.end();
  };

  const clientCredentials = (req: IncomingMessage, form: Record<string, string>) => {
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (basic) {
      const [id = '', secret = ''] = Buffer.from(basic, 'base64').toString().split(':');
      return { id: decodeURIComponent(id), secret: decodeURIComponent(secret) };
    }
    return { id: form.client_id, secret: form.client_secret };
  };

  const token = (req: IncomingMessage, form: Record<string, string>, res: ServerResponse) => {
    const client = clientCredentials(req, form);
    if (client.id !== clientId || client.secret !== clientSecret) return json(res, 401, { error: 'invalid_client' });
    if (form.grant_type !== 'authorization_code') return json(res, 400, { error: 'unsupported_grant_type' });
    const grant = codes.get(form.code ?? '');
    // A code is good once, whatever the outcome, as at Google.
    codes.delete(form.code ?? '');
    if (!grant || grant.expiresAt < Date.now() || grant.clientId !== client.id) {
      return json(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
    }
    if (form.redirect_uri !== grant.redirectUri) return json(res, 400, { error: 'redirect_uri_mismatch' });
    if (!form.code_verifier || s256(form.code_verifier) !== grant.codeChallenge) {
      return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' });
    }
    const accessToken = base64url(randomBytes(32));
    accessTokens.set(accessToken, { profile: grant.profile, expiresAt: Date.now() + TOKEN_SECONDS * 1000 });
    const scopes = grant.scope.split(' ');
    return json(res, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: TOKEN_SECONDS,
      scope: grant.scope,
      ...(issueIdToken && scopes.includes('openid') ? { id_token: idToken(grant) } : {}),
    });
  };

  // Google signs with RS256 and publishes its keys; an HS256 signature is enough for a client that reads the claims.
  const idToken = (grant: Grant) => {
    const now = Math.floor(Date.now() / 1000);
    const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const claims = base64url(
      JSON.stringify({
        iss: url,
        aud: grant.clientId,
        sub: grant.profile.sub,
        email: grant.profile.email,
        email_verified: true,
        name: grant.profile.name,
        picture: grant.profile.picture,
        iat: now,
        exp: now + TOKEN_SECONDS,
        ...(grant.nonce ? { nonce: grant.nonce } : {}),
      }),
    );
    const signature = createHmac('sha256', clientSecret).update(`${header}.${claims}`).digest('base64url');
    return `${header}.${claims}.${signature}`;
  };

  const userinfo = (req: IncomingMessage, res: ServerResponse) => {
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const entry = accessTokens.get(bearer);
    if (!entry || entry.expiresAt < Date.now()) {
      return json(res, 401, { error: 'invalid_token' }, { 'www-authenticate': 'Bearer error="invalid_token"' });
    }
    const { sub, email, name, picture } = entry.profile;
    return json(res, 200, { sub, email, email_verified: true, name, picture });
  };

  const server = createServer(async (req, res) => {
    const target = new URL(req.url ?? '/', 'http://stand-in');
    const query = Object.fromEntries(target.searchParams);
    let form: Record<string, string> = {};
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
    }
    requests.push({ method: req.method ?? '', path: target.pathname, query, form, headers: req.headers });
    if (req.method === 'GET' && target.pathname === '/authorize') return authorize(query, res);
    if (req.method === 'POST' && target.pathname === '/token') return token(req, form, res);
    if (req.method === 'GET' && target.pathname === '/userinfo') return userinfo(req, res);
    return json(res, 404, { error: 'not_found' });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId,
    clientSecret,
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_AUTHORIZATION_URL: `${url}/authorize`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_USERINFO_URL: `${url}/userinfo`,
    },
    requests,
    allowRedirectUri: (uri) => {
      redirectUris.add(uri);
    },
    signInAs: (p) => {
      profile = p;
    },
    failNextAuthorization: (error) => {
      nextError = error;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
