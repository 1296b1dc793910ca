import { PATHS } from '@licensewatch/shared/web-paths';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Container } from '../../../components/ui/container';
import { PageTitle } from '../../../session/page-title';
import { StaticDocs } from './static-docs';
import { TryItConsole } from './try-it-console';
import { ViewTabs } from './view-tabs';
import { WebhookEvents } from './webhook-events';
import { WebhookVerification } from './webhook-verification';

const VIEWS = [
  { id: 'console', label: 'Try it' },
  { id: 'static', label: 'Static docs' },
] as const;

const link = 'font-medium text-teal-800 underline underline-offset-2';

export function ApiDocsPage() {
  const idPrefix = useId();
  const [view, setView] = useState<string>('console');

  return (
    <Container className="py-8 sm:py-10">
      <PageTitle title="API Documentation" />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">API Documentation</h1>
      <p className="mt-3 max-w-3xl text-slate-600">
        Search state medical license records from your own systems. Every request carries your API key, found on the{' '}
        <Link to={PATHS.overview} className={link}>
          Overview
        </Link>{' '}
        page, and each answered search uses one API credit. API access comes with{' '}
        <Link to={PATHS.businessPricing} className={link}>
          Business Plans
        </Link>
        .
      </p>
      <div className="mt-6">
        <ViewTabs views={VIEWS} active={view} onSelect={setView} idPrefix={idPrefix} />
      </div>
      {/* Both views stay mounted: switching to the static docs and back keeps what was typed. */}
      {VIEWS.map(({ id }) => (
        <div
          key={id}
          role="tabpanel"
          id={`${idPrefix}-panel-${id}`}
          aria-labelledby={`${idPrefix}-tab-${id}`}
          hidden={view !== id}
          className="mt-6"
        >
          {id === 'console' ? <TryItConsole /> : <StaticDocs />}
        </div>
      ))}
      <WebhookEvents />
      <WebhookVerification />
    </Container>
  );
}
