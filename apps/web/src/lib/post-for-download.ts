import { APP_MESSAGES } from '@licensewatch/shared/app-messages';
import { ApiRequestError } from './api';

/**
 * POSTs to `path` (the session's cookie with it), and hands the file it answers to the browser as a
 * download named by `fileName` from the id in `X-Verification-Id`; answers that id. For documents
 * each POST issues and stores (a verification, a compliance statement): a link would issue one
 * whenever a page was merely visited. A refusal throws its `{detail, code}` as an ApiRequestError.
 */
export async function postForDownload(path: string, fileName: (id: string) => string): Promise<string> {
  const response = await fetch(path, { method: 'POST', credentials: 'same-origin' });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { detail?: unknown; code?: unknown };
    throw new ApiRequestError(
      response.status,
      typeof body.code === 'string' ? body.code : '',
      typeof body.detail === 'string' ? body.detail : APP_MESSAGES.general.fallback,
    );
  }
  const id = response.headers.get('x-verification-id') ?? 'document';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName(id);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: the browser may still be reading the blob when click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return id;
}
