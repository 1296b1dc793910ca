import { endpointPath } from '@licensewatch/shared/endpoint-path';
import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import { useMutation } from '@tanstack/react-query';
import { postForDownload } from '../../../lib/post-for-download';

/**
 * Issues a verification document (a PDF) of the report, or of one of its licenses, and hands it
 * to the browser as a download. A POST, not a link: each one is stored, so a page must not issue
 * them by merely being visited. Answers the verification id.
 */
export function downloadVerification({
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
  return postForDownload(path, (id) => `verification-${id}.pdf`);
}

export function useDownloadVerification() {
  return useMutation({ mutationFn: downloadVerification });
}
