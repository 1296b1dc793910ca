import { COMPLIANCE_ENDPOINTS as E } from '@licensewatch/shared/compliance-endpoints';
import { endpointPath } from '@licensewatch/shared/endpoint-path';
import { useMutation } from '@tanstack/react-query';
import { postForDownload } from '../../../lib/post-for-download';

/**
 * Issues the month's signed statement (a PDF) and hands it to the browser as a download. A POST,
 * not a link: each one is stored, so visiting the page must not issue one. Answers its id, which
 * /verify confirms.
 */
export function issueComplianceStatement(month: string): Promise<string> {
  return postForDownload(endpointPath(E.issueStatement, { month }), (id) => `compliance-${month}-${id}.pdf`);
}

export function useIssueComplianceStatement() {
  return useMutation({ mutationFn: issueComplianceStatement });
}
