import { PATHS } from '@licensewatch/shared/web-paths';
import type { WebhookEndpointWithSecret } from '@licensewatch/shared/webhooks';
import { WEBHOOKS_MESSAGES as M } from '@licensewatch/shared/webhooks-messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { PageTitle } from '../../../session/page-title';
import { useWebhookEndpoints } from '../api/get-webhook-endpoints';
import { AddWebhookEndpoint } from './add-webhook-endpoint';
import { WebhookEndpointCard } from './webhook-endpoint-card';
import { WebhookSecretOnce } from './webhook-secret-once';

/** /org/webhooks: the acting workspace's webhook endpoints and their delivery logs (ADR 021). */
export function WebhooksPage() {
  const endpoints = useWebhookEndpoints();
  // Shown once, after a create or a rotation, until dismissed: the server never shows it again.
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);

  let body: React.ReactNode;
  if (endpoints.isPending) body = <PageSpinner label={M.loading} />;
  else if (endpoints.isError) {
    body = isApiError(endpoints.error, 403) ? (
      <Alert tone="info">{M.managersOnly}</Alert>
    ) : (
      <Alert tone="error">
        {M.loadFailed}{' '}
        <button type="button" className="font-semibold underline" onClick={() => endpoints.refetch()}>
          {M.retry}
        </button>
      </Alert>
    );
  } else {
    body = (
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="endpoints-heading" className="min-w-0 space-y-4">
          <h2 id="endpoints-heading" className="text-lg font-semibold text-slate-900">
            Endpoints ({endpoints.data.data.length})
          </h2>
          {endpoints.data.data.length === 0 ? (
            <EmptyState title={M.empty} />
          ) : (
            endpoints.data.data.map((e) => <WebhookEndpointCard key={e.id} endpoint={e} onSecret={setSecret} />)
          )}
        </section>
        <aside>
          <AddWebhookEndpoint onCreated={setSecret} />
        </aside>
      </div>
    );
  }
  return (
    <Container className="py-10">
      <PageTitle title={M.title} />
      <PageHeader
        title={M.title}
        description={
          <>
            {M.intro}{' '}
            <Link to={`${PATHS.apiDocs}#verifying-webhooks`} className="font-medium text-teal-800 underline">
              {M.docsLink}
            </Link>
          </>
        }
      />
      {secret ? <WebhookSecretOnce endpoint={secret} onDone={() => setSecret(null)} /> : null}
      {body}
    </Container>
  );
}
