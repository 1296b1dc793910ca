import {
  API_KEY_MESSAGES,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  type ApiKeyScope,
  VIEWER_API_KEY_SCOPES,
} from '@licensewatch/shared/api-keys';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useSetApiKeyScopes } from '../api/set-api-key-scopes';

const sameSet = (a: readonly ApiKeyScope[], b: readonly ApiKeyScope[]) =>
  a.length === b.length && a.every((scope) => b.includes(scope));

/**
 * What the key may call, one checkbox per scope (docs/product-rules.md, API key scopes). The server
 * decides: a viewer's seat is offered only the scopes that change nothing, and the server refuses
 * the others whatever this form sends.
 */
export function ApiKeyScopes({ scopes, viewer }: { scopes: ApiKeyScope[]; viewer: boolean }) {
  const id = useId();
  const save = useSetApiKeyScopes();
  const [chosen, setChosen] = useState<ApiKeyScope[]>(scopes);
  const [error, setError] = useState<string | null>(null);
  const changed = !sameSet(chosen, scopes);

  function toggle(scope: ApiKeyScope, on: boolean) {
    setError(null);
    setChosen((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const saved = await save.mutateAsync(chosen);
      setChosen(saved.credential_scopes);
      toast.success(API_KEY_MESSAGES.scopesSaved);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not save the scopes. Try again.');
    }
  }

  return (
    <form onSubmit={submit} className="mt-5" aria-labelledby={`${id}-legend`}>
      <fieldset>
        <legend id={`${id}-legend`} className="text-sm font-medium text-slate-600">
          What this key may do
        </legend>
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          {API_KEY_SCOPES.map((scope) => {
            const inputId = `${id}-${scope}`;
            const blocked = viewer && !VIEWER_API_KEY_SCOPES.includes(scope);
            return (
              <li key={scope} className="flex gap-3 rounded-lg border border-slate-200 p-3">
                <input
                  id={inputId}
                  type="checkbox"
                  checked={chosen.includes(scope)}
                  disabled={blocked || save.isPending}
                  aria-describedby={`${inputId}-what`}
                  onChange={(event) => toggle(scope, event.target.checked)}
                  className="mt-0.5 size-4 shrink-0 accent-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
                />
                <div className="text-sm">
                  <label
                    htmlFor={inputId}
                    className={blocked ? 'font-medium text-slate-500' : 'font-medium text-slate-900'}
                  >
                    {API_KEY_SCOPE_LABELS[scope].label}{' '}
                    <code className="font-mono text-xs text-slate-600">{scope}</code>
                  </label>
                  <p id={`${inputId}-what`} className="mt-0.5 text-slate-600">
                    {API_KEY_SCOPE_LABELS[scope].description}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {viewer ? <p className="mt-2 text-sm text-slate-600">{API_KEY_MESSAGES.viewerScopes}</p> : null}
      {error ? (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      ) : null}
      <div className="mt-3 flex items-center gap-3">
        <Button type="submit" size="sm" disabled={!changed} pending={save.isPending}>
          Save scopes
        </Button>
        {changed ? <span className="text-sm text-slate-600">Unsaved changes</span> : null}
      </div>
    </form>
  );
}
