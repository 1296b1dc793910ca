import { COMPLIANCE_ENDPOINTS as E } from '@licensewatch/shared/compliance-endpoints';
import { endpointPath } from '@licensewatch/shared/endpoint-path';

/** The month's CSV: a plain link the browser downloads with the session cookie. */
export const complianceCsvUrl = (month: string) => endpointPath(E.monthCsv, { month });
