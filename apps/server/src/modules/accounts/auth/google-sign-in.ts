import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { type Env, googleEnabled } from '../../../platform/env.ts';

/** "Continue with Google", as a generic OAuth provider whose URLs the environment may point at a stand-in; none without its keys. */
export function googleSignIn(env: Env) {
  return googleEnabled(env)
    ? [
        genericOAuth({
          config: [
            {
              providerId: 'google',
              name: 'Google',
              clientId: env.GOOGLE_CLIENT_ID ?? '',
              clientSecret: env.GOOGLE_CLIENT_SECRET ?? '',
              authorizationUrl: env.GOOGLE_AUTHORIZATION_URL,
              tokenUrl: env.GOOGLE_TOKEN_URL,
              userInfoUrl: env.GOOGLE_USERINFO_URL,
              scopes: ['openid', 'email', 'profile'],
              pkce: true,
              // Google's userinfo names the account `sub`; better-auth would otherwise look for `id`.
              accountSubject: ({ profile }) => String(profile.sub),
            },
          ],
        }),
      ]
    : [];
}
