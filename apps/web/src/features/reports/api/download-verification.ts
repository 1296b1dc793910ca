import { APP_MESSAGES } from '@licensewatch/shared/app-messages';
import { endpointPath } from '@licensewatch/shared/endpoint-path';
import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import { useMutation } from '@tanstack/react-query';
import { ApiRequestError } from '../../../lib/api';

/**
 * Issues a verification document (a PDF) of the report, or of one of its licenses, and hands it
 * to the browser as a download. A POST, not a link: each one is stored, so a page must not issue
 * them by merely being visited. Answers the verification id.
 */
export async function downloadVerification({
  reportId,
  licenseId,
}: {
  reportId: string;
  licenseId?: string;
}): Promise<string> {
  const path =
    licenseId === undefined
      ? endpointPath(REPORTS_ENDPOINTS.verifyReport, { id: reportId })
      : endpointPath(REPORTS_ENDPOINTS.verifyLicense, { id: reportId, licenseId });
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
  link.download = `verification-${id}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: the browser may still be reading the blob when click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return id;
}

export function useDownloadVerification() {
  return useMutation({ mutationFn: downloadVerification });
}
