import { type CheckUserResponse, checkUserResponseSchema, type SignIn } from '@licensewatch/shared/auth';
import { apiRequest } from '../../../lib/api';

/** Asked only after a failed sign-in, to tell "no account" from "wrong password". */
export function checkUser(input: SignIn): Promise<CheckUserResponse> {
  return apiRequest('/api/v1/auth/check-user', { method: 'POST', body: input, schema: checkUserResponseSchema });
}
