import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api';
import { PATHS } from '../../../lib/paths';

const oauthStartResponseSchema = z.object({ url: z.string().min(1) });

export async function startGoogleSignIn(): Promise<string> {
  const { url } = await apiRequest('/api/auth/sign-in/social', {
    method: 'POST',
    body: {
      provider: 'google',
      callbackURL: PATHS.dashboard,
      errorCallbackURL: PATHS.login,
      newUserCallbackURL: PATHS.dashboard,
    },
    schema: oauthStartResponseSchema,
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
