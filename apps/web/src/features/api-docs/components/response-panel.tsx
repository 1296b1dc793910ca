import { API_DOCS_MESSAGES } from '@licensewatch/shared/api-docs-messages';
import type { SearchOutcome } from '../api/send-search-request';
import { CodeBlock } from './code-block';

type ResponsePanelProps = {
  outcome: SearchOutcome | null;
  /** Set instead of an outcome when a try stopped before sending ('Please fill in all required fields'). */
  problem: string | null;
  pending: boolean;
};

const pretty = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body, null, 2));

/**
 * The last try's answer. Only the status line is a live region: a screen reader hears '200 -
 * Success' or the error, not a page of JSON; the JSON is a focusable block to read at will.
 */
export function ResponsePanel({ outcome, problem, pending }: ResponsePanelProps) {
  const error = problem ?? (outcome && !outcome.ok ? outcome.message : null);
  return (
    <section aria-labelledby="api-docs-response-title" className="space-y-2">
      <h2 id="api-docs-response-title" className="text-sm font-semibold text-slate-900">
        Response
      </h2>
      <div aria-live="polite">
        {pending ? (
          <p className="text-sm text-slate-600">{API_DOCS_MESSAGES.sending}</p>
        ) : error ? (
          <div className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {outcome && !outcome.ok && outcome.status ? <p className="font-semibold">Error {outcome.status}</p> : null}
            <p>{error}</p>
            {outcome && !outcome.ok && outcome.retryAfter ? (
              <p>{API_DOCS_MESSAGES.retryAfter(outcome.retryAfter)}</p>
            ) : null}
          </div>
        ) : outcome?.ok ? (
          <p className="inline-flex rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200">
            {API_DOCS_MESSAGES.successLabel(outcome.status)}
          </p>
        ) : (
          <p className="text-sm text-slate-600">Send a request to see the answer here.</p>
        )}
      </div>
      {outcome?.ok && !pending && !problem ? (
        <CodeBlock label="Response body" className="max-h-96 rounded-lg border border-slate-200">
          {pretty(outcome.body)}
        </CodeBlock>
      ) : null}
    </section>
  );
}
