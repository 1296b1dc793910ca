import { Link } from 'react-router';
import { Container } from '../../../components/ui/container';
import { PageTitle } from '../../../components/ui/page-title';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { PATHS } from '../../../lib/paths';
import { ENDPOINTS, type Endpoint } from '../endpoints';

function EndpointSection({ endpoint }: { endpoint: Endpoint }) {
  return (
    <section id={endpoint.id} aria-labelledby={`${endpoint.id}-title`} className="scroll-mt-24">
      <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <div className="border-b border-slate-200 p-5">
          <h2 id={`${endpoint.id}-title`} className="text-lg font-semibold text-slate-900">
            {endpoint.title}
          </h2>
          <p className="mt-2 flex flex-wrap items-center gap-2 font-mono text-sm">
            <span className="rounded bg-teal-700 px-2 py-0.5 text-xs font-bold text-white">{endpoint.method}</span>
            <span className="break-all text-slate-800">{endpoint.path}</span>
          </p>
          <p className="mt-3 text-sm text-slate-600">
            {endpoint.description} Body:{' '}
            {endpoint.bodyType === 'form' ? (
              <code className="text-slate-800">application/x-www-form-urlencoded</code>
            ) : (
              <code className="text-slate-800">application/json</code>
            )}
            .
          </p>
        </div>
        <ScrollRegion label={`${endpoint.title} parameters`}>
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Parameters for {endpoint.title}</caption>
            <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-5 py-2.5 font-semibold">
                  Name
                </th>
                <th scope="col" className="px-5 py-2.5 font-semibold">
                  Type
                </th>
                <th scope="col" className="px-5 py-2.5 font-semibold">
                  Required
                </th>
                <th scope="col" className="px-5 py-2.5 font-semibold">
                  Description
                </th>
                <th scope="col" className="px-5 py-2.5 font-semibold">
                  Example
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {endpoint.params.map((param) => (
                <tr key={param.name}>
                  <td className="px-5 py-2.5 font-mono text-slate-900">{param.name}</td>
                  <td className="px-5 py-2.5 text-slate-600">{param.type}</td>
                  <td className="px-5 py-2.5">
                    {param.required ? (
                      <span className="font-medium text-red-700">Required</span>
                    ) : (
                      <span className="text-slate-500">Optional</span>
                    )}
                  </td>
                  <td className="px-5 py-2.5 text-slate-600">{param.description}</td>
                  <td className="px-5 py-2.5 font-mono text-slate-600">{param.example}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </div>
    </section>
  );
}

export function ApiDocsPage() {
  return (
    <Container className="py-12 sm:py-16">
      <PageTitle title="API Documentation" />
      <div className="grid gap-10 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="Endpoints" className="lg:sticky lg:top-24 lg:self-start">
          {/* Not a heading: this precedes the page's h1 in reading order. */}
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Endpoints</p>
          <ul className="mt-3 space-y-1">
            {ENDPOINTS.map((endpoint) => (
              <li key={endpoint.id}>
                <a
                  href={`#${endpoint.id}`}
                  className="block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                >
                  <span className="mr-2 font-mono text-xs font-bold text-teal-700">{endpoint.method}</span>
                  {endpoint.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">API Documentation</h1>
          <p className="mt-3 max-w-2xl text-slate-600">
            Search state medical license records from your own systems. Every request carries your{' '}
            <code className="rounded bg-slate-100 px-1 py-0.5 text-sm">credential_key</code>, found on the{' '}
            <Link to={PATHS.overview} className="font-medium text-teal-800 underline underline-offset-2">
              Overview
            </Link>{' '}
            page, and each successful search uses one API credit. API access comes with{' '}
            <Link to={PATHS.businessPricing} className="font-medium text-teal-800 underline underline-offset-2">
              Business Plans
            </Link>
            .
          </p>
          <div className="mt-10 space-y-8">
            {ENDPOINTS.map((endpoint) => (
              <EndpointSection key={endpoint.id} endpoint={endpoint} />
            ))}
          </div>
        </div>
      </div>
    </Container>
  );
}
