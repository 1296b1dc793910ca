import type { CheckUserResponse, SignIn } from '@licensewatch/shared/accounts';
import { ACCOUNTS_ENDPOINTS } from '@licensewatch/shared/accounts-endpoints';
import { callEndpoint } from '../../../lib/api';

/** Asked only after a failed sign-in, to tell "no account" from "wrong password". */
export function checkUser(input: SignIn): Promise<CheckUserResponse> {
  return callEndpoint(ACCOUNTS_ENDPOINTS.checkUser, { body: input });
}
