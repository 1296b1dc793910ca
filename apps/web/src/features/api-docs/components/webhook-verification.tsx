import { WEBHOOK_DOCS_MESSAGES as M } from '@licensewatch/shared/api-docs-messages';
import { NODE_VERIFY_SAMPLE, PYTHON_VERIFY_SAMPLE } from '@licensewatch/shared/webhook-verify-samples';
import { useId, useState } from 'react';
import { CodeBlock } from './code-block';
import { ViewTabs } from './view-tabs';

const SAMPLES = [
  { id: 'node', label: M.nodeLabel, code: NODE_VERIFY_SAMPLE },
  { id: 'python', label: M.pythonLabel, code: PYTHON_VERIFY_SAMPLE },
] as const;

/**
 * "Verifying webhooks": the header, the recipe, and code that a server test runs verbatim
 * against a real delivery (webhook-verify-samples.ts), so what is shown here is what works.
 */
export function WebhookVerification() {
  const idPrefix = useId();
  const [view, setView] = useState<string>('node');
  return (
    <section id="verifying-webhooks" aria-labelledby={`${idPrefix}-heading`} className="mt-12 scroll-mt-20">
      <h2 id={`${idPrefix}-heading`} className="text-2xl font-bold tracking-tight text-slate-900">
        {M.heading}
      </h2>
      <p className="mt-3 max-w-3xl text-slate-600">{M.intro}</p>
      <h3 className="mt-6 text-lg font-semibold text-slate-900">{M.headersHeading}</h3>
      <dl className="mt-2 max-w-3xl divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
        {M.headers.map(([name, text]) => (
          <div key={name} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:gap-4">
            <dt className="shrink-0 font-mono text-slate-900 sm:w-56">{name}</dt>
            <dd className="min-w-0 break-words text-slate-600">{text}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-6 text-lg font-semibold text-slate-900">{M.recipeHeading}</h3>
      <ol className="mt-2 max-w-3xl list-decimal space-y-1 pl-5 text-sm text-slate-700">
        {M.recipe.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <div className="mt-6">
        <ViewTabs views={SAMPLES} active={view} onSelect={setView} idPrefix={idPrefix} />
      </div>
      {SAMPLES.map((s) => (
        <div
          key={s.id}
          role="tabpanel"
          id={`${idPrefix}-panel-${s.id}`}
          aria-labelledby={`${idPrefix}-tab-${s.id}`}
          hidden={view !== s.id}
          className="mt-3 overflow-hidden rounded-lg border border-slate-200"
        >
          <CodeBlock label={`${s.label} webhook signature check`} dark className="max-h-[32rem]">
            {s.code}
          </CodeBlock>
        </div>
      ))}
    </section>
  );
}
