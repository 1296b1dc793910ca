import { ACCOUNTS_ENDPOINTS } from '@licensewatch/shared/accounts-endpoints';
import { PATHS } from '@licensewatch/shared/web-paths';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

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
