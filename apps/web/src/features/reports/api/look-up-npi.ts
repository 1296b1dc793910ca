import { ROSTER_IMPORT_ENDPOINTS as E } from '@licensewatch/shared/roster-import-endpoints';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

/** What NPPES lists for an NPI: name, MD/DO and states, to pre-fill the new-report form. */
export const useLookUpNpi = () =>
  useMutation({ mutationFn: (npi: string) => callEndpoint(E.npiLookup, { params: { npi } }) });
