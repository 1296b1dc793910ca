import { authenticateApiCaller } from '../../src/modules/accounts/authenticate-api-caller.ts';
import { AppError } from '../../src/platform/errors.ts';
import type { HttpClient } from './http-client.ts';
import type { TestServer } from './test-server.ts';

/** The signed-in user's API key, as /overview shows it. */
export async function apiKeyOf(client: HttpClient): Promise<string> {
  return (await client.get('/api/v1/credentials/')).body.credential_key;
}

/** One search API call (a look-up by number: answered from the registry, found or not); its status. */
export async function callSearchApi(server: TestServer, key: string): Promise<number> {
  const res = await fetch(`${server.url}/api/v1/medical/search-license-by-number/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ License_Number: 'A1', State: 'Texas' }),
  });
  await res.arrayBuffer();
  return res.status;
}

/** Whose key this is, as the search API reads it (null: refused with 401), without making a call. */
export async function apiKeyOwner(server: TestServer, key: string): Promise<string | null> {
  try {
    return (await authenticateApiCaller(server.ctx, key)).userId;
  } catch (error) {
    if (error instanceof AppError && error.status === 401) return null;
    throw error;
  }
}
