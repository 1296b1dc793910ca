import { STATIC_ENDPOINTS } from '../static-endpoints';
import { StaticEndpointSection } from './static-endpoint-section';

/** The static documentation: the three GET endpoints with their query parameters and a sample answer. */
export function StaticDocs() {
  return (
    <div className="space-y-6">
      <p className="max-w-3xl text-sm text-slate-600">
        The same searches as GET requests with query parameters, for tools that cannot send a body. Send the key as{' '}
        <code className="text-slate-800">Authorization: Bearer &lt;key&gt;</code>; add{' '}
        <code className="text-slate-800">format=csv</code> for a CSV answer. Each answered search (200) uses one API
        credit.
      </p>
      {STATIC_ENDPOINTS.map((endpoint) => (
        <StaticEndpointSection key={endpoint.id} endpoint={endpoint} />
      ))}
    </div>
  );
}
