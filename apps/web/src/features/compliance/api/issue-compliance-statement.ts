import { APP_MESSAGES } from '@licensewatch/shared/app-messages';
import { COMPLIANCE_ENDPOINTS as E } from '@licensewatch/shared/compliance-endpoints';
import { endpointPath } from '@licensewatch/shared/endpoint-path';
import { useMutation } from '@tanstack/react-query';
import { ApiRequestError } from '../../../lib/api';

/**
 * Issues the month's signed statement (a PDF) and hands it to the browser as a download. A POST,
 * not a link: each one is stored, so visiting the page must not issue one. Answers its id, which
 * /verify confirms.
 */
export async function issueComplianceStatement(month: string): Promise<string> {
  const response = await fetch(endpointPath(E.issueStatement, { month }), {
    method: 'POST',
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { detail?: unknown; code?: unknown };
    throw new ApiRequestError(
      response.status,
      typeof body.code === 'string' ? body.code : '',
      typeof body.detail === 'string' ? body.detail : APP_MESSAGES.general.fallback,
    );
  }
  const id = response.headers.get('x-verification-id') ?? 'statement';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `compliance-${month}-${id}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: the browser may still be reading the blob when click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return id;
}

export function useIssueComplianceStatement() {
  return useMutation({ mutationFn: issueComplianceStatement });
}
