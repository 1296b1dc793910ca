import { APP_MESSAGES } from '@licensewatch/shared/app-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CREDENTIALS_QUERY_KEY } from '../../../session/get-credentials';
import { errorMessageOf } from '../error-message';
import type { TryItEndpoint } from '../try-it-endpoints';

export type SearchRequest = { endpoint: TryItEndpoint; body: Record<string, string>; apiKey: string };

export type SearchOutcome =
  | { ok: true; status: number; body: unknown }
  | { ok: false; status: number | null; message: string; retryAfter: string | null };

/** The answer's JSON, or its text when it is not JSON (a proxy's error page, a CSV answer). */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * One call of the search API as a customer's program makes it: the key as a Bearer header and no
 * session cookie (credentials 'omit'), so what the console shows is what the samples will get.
 * Not through lib/api.ts: that client sends the session and only JSON bodies.
 */
export async function sendSearchRequest({ endpoint, body, apiKey }: SearchRequest): Promise<SearchOutcome> {
  const form = endpoint.encoding === 'form';
  let response: Response;
  let data: unknown;
  try {
    response = await fetch(endpoint.path, {
      method: endpoint.method,
      headers: {
        Authorization: `Bearer ${apiKey.trim()}`,
        'Content-Type': form ? 'application/x-www-form-urlencoded' : 'application/json',
        Accept: 'application/json',
      },
      body: form ? new URLSearchParams(body) : JSON.stringify(body),
      credentials: 'omit',
    });
    data = await readBody(response);
  } catch {
    // Offline, or the connection dropped before the answer was read.
    return { ok: false, status: null, message: APP_MESSAGES.general.fallback, retryAfter: null };
  }
  if (response.ok) return { ok: true, status: response.status, body: data };
  return {
    ok: false,
    status: response.status,
    message: errorMessageOf(data),
    retryAfter: response.headers.get('Retry-After'),
  };
}

export function useSendSearchRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSearchRequest,
    // An answered search spends an API credit: the top bar's counter reads the credentials.
    onSuccess: (outcome) => {
      if (outcome.ok) void queryClient.invalidateQueries({ queryKey: CREDENTIALS_QUERY_KEY });
    },
  });
}
