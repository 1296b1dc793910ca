import type { StaticEndpoint } from '../static-endpoints';
import { CodeBlock } from './code-block';
import { MethodBadge } from './method-badge';
import { ParamsTable } from './params-table';

/** One GET endpoint: its path, parameters, an example call and a sample answer. */
export function StaticEndpointSection({ endpoint }: { endpoint: StaticEndpoint }) {
  const title = `${endpoint.id}-title`;
  return (
    <section aria-labelledby={title} className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div>
        <h2 id={title} className="flex flex-wrap items-center gap-2 font-mono text-base font-semibold text-slate-900">
          <MethodBadge method={endpoint.method} /> <span className="break-all">{endpoint.path}</span>
        </h2>
        <p className="mt-2 text-sm text-slate-600">{endpoint.description}</p>
      </div>
      <ParamsTable params={endpoint.params} label={`${endpoint.method} ${endpoint.path} parameters`} />
      <div className="grid gap-4 xl:grid-cols-2">
        <div className="min-w-0">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Example request</h3>
          <CodeBlock
            label={`Example request to ${endpoint.path}`}
            className="max-h-96 rounded-lg border border-slate-200"
          >
            {endpoint.example}
          </CodeBlock>
        </div>
        <div className="min-w-0">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Sample response (200)</h3>
          <CodeBlock
            label={`Sample response from ${endpoint.path}`}
            className="max-h-96 rounded-lg border border-slate-200"
          >
            {JSON.stringify(endpoint.sampleResponse, null, 2)}
          </CodeBlock>
        </div>
      </div>
    </section>
  );
}
