// Imports nothing: the overview page, which loads no zod, reads the scopes and their words.

/**
 * What an API key may do (docs/product-rules.md, API key scopes). A key made before scopes existed
 * keeps `search` only until its owner widens it: nobody's key gains a power they did not choose.
 */
export const API_KEY_SCOPES = ['search', 'reports:read', 'reports:write', 'webhooks'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope lets a key do, as /overview says it. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, { label: string; description: string }> = {
  search: { label: 'Search', description: 'Search licenses by name or number (one API credit a call).' },
  'reports:read': {
    label: 'Read reports',
    description: 'List and read reports, their licenses, possible matches and what needs attention.',
  },
  'reports:write': {
    label: 'Change reports',
    description: 'Create reports (one report credit each), update and delete them.',
  },
  webhooks: { label: 'Webhooks', description: 'Manage webhook endpoints and their deliveries.' },
};

/** The scopes a viewer of an organisation may give a seat's key: a viewer changes nothing. */
export const VIEWER_API_KEY_SCOPES: readonly ApiKeyScope[] = ['search', 'reports:read'];

/** The scopes in the order of API_KEY_SCOPES, whatever order they came in. */
export function sortApiKeyScopes(scopes: readonly ApiKeyScope[]): ApiKeyScope[] {
  return API_KEY_SCOPES.filter((scope) => scopes.includes(scope));
}

export const API_KEY_MESSAGES = {
  scopeMissing: (scope: ApiKeyScope) =>
    `This API key does not have the ${scope} scope. Its owner can add it on the Overview page.`,
  sessionOnly:
    'This call needs a signed-in session: an API key reaches only the calls marked with a key scope in the API document.',
  viewerScopes: 'A viewer of this organization may give a key only the search and reports:read scopes.',
  scopesSaved: 'API key scopes saved.',
} as const;
