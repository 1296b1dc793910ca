import { ACCOUNTS_ENDPOINTS } from '@licensewatch/shared/accounts-endpoints';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { PATHS } from '../../../lib/paths';

export async function startGoogleSignIn(): Promise<string> {
  const { url } = await callEndpoint(ACCOUNTS_ENDPOINTS.startSocialSignIn, {
    body: {
      provider: 'google',
      callbackURL: PATHS.dashboard,
      errorCallbackURL: PATHS.login,
      newUserCallbackURL: PATHS.dashboard,
    },
  });
  return url;
}

export function useStartGoogleSignIn() {
  return useMutation({
    mutationFn: startGoogleSignIn,
    onSuccess: (url) => {
      window.location.href = url;
    },
  });
}
