import { WEBHOOK_DOCS_MESSAGES as M } from '@licensewatch/shared/api-docs-messages';
import { WEBHOOK_EVENT_DOCS } from '@licensewatch/shared/webhook-event-examples';
import { useId } from 'react';
import { CodeBlock } from './code-block';

/**
 * "Events": every event a webhook sends and the feed answers, with an example body each — the same
 * examples the AsyncAPI document carries, checked against each event's schema by a test.
 */
export function WebhookEvents() {
  const idPrefix = useId();
  return (
    <section id="events" aria-labelledby={`${idPrefix}-heading`} className="mt-12 scroll-mt-20">
      <h2 id={`${idPrefix}-heading`} className="text-2xl font-bold tracking-tight text-slate-900">
        {M.eventsHeading}
      </h2>
      <p className="mt-3 max-w-3xl text-slate-600">{M.eventsIntro}</p>
      <p className="mt-2 text-sm">
        <a href="/api/asyncapi.json" className="font-medium text-teal-800 underline underline-offset-2">
          {M.asyncApiLink}
        </a>
      </p>
      <ul className="mt-4 max-w-3xl divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {WEBHOOK_EVENT_DOCS.map(({ type, label, example }) => (
          <li key={type}>
            <details className="group">
              <summary className="flex cursor-pointer flex-col gap-0.5 px-4 py-3 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-600 sm:flex-row sm:items-baseline sm:gap-4">
                <code className="shrink-0 font-mono text-slate-900 sm:w-64">{type}</code>
                <span className="text-slate-600">{label}</span>
              </summary>
              <div className="border-t border-slate-200">
                <CodeBlock label={M.exampleLabel(type)} className="max-h-80">
                  {JSON.stringify(example, null, 2)}
                </CodeBlock>
              </div>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
