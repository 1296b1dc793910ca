import {
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEvent,
  webhookEndpointInputSchema,
} from '@licensewatch/shared/webhooks';
import { WEBHOOKS_MESSAGES as M } from '@licensewatch/shared/webhooks-messages';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { CheckboxField, InputField } from '../../../components/ui/form-field';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { stackingTableHeadClass, tableHeadCellClass } from '../../../components/ui/table-styles';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { PageTitle } from '../../../session/page-title';
import { DELIVERIES_PAGE_SIZE, useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useWebhookEndpoints } from '../api/get-webhook-endpoints';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useReplayWebhookDelivery,
  useRotateWebhookSecret,
  useSendTestWebhook,
  useUpdateWebhookEndpoint,
} from '../api/webhook-mutations';

const errorText = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';

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
            endpoints.data.data.map((e) => <EndpointCard key={e.id} endpoint={e} onSecret={setSecret} />)
          )}
        </section>
        <aside>
          <AddEndpoint onCreated={setSecret} />
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
      {secret ? <SecretOnce endpoint={secret} onDone={() => setSecret(null)} /> : null}
      {body}
    </Container>
  );
}

function SecretOnce({ endpoint, onDone }: { endpoint: WebhookEndpointWithSecret; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(endpoint.secret);
      setCopied(true);
    } catch {
      toast.error('Copying failed: select the secret and copy it yourself.');
    }
  };
  return (
    <section
      aria-labelledby="secret-heading"
      className="mb-8 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950"
    >
      <h2 id="secret-heading" className="text-base font-semibold">
        {M.secretHeading} · <span className="break-all font-normal">{endpoint.url}</span>
      </h2>
      <p className="mt-1 text-sm">{M.secretWarning}</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid="webhook-secret"
          className="min-w-0 flex-1 rounded-md border border-amber-200 bg-white px-3 py-2 font-mono text-sm break-all text-slate-900 select-all"
        >
          {endpoint.secret}
        </code>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={copy}>
            {copied ? M.copied : M.copy}
          </Button>
          <Button size="sm" onClick={onDone}>
            {M.dismissSecret}
          </Button>
        </div>
      </div>
      <span className="sr-only" aria-live="polite">
        {copied ? M.copied : ''}
      </span>
    </section>
  );
}

function AddEndpoint({ onCreated }: { onCreated: (e: WebhookEndpointWithSecret) => void }) {
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = webhookEndpointInputSchema.safeParse({ url, description, events });
    if (!parsed.success) {
      const issues = parsed.error.issues;
      return setErrors({
        url: issues.find((i) => i.path[0] === 'url') ? 'Enter the full URL, starting with https://' : undefined,
        events: issues.find((i) => i.path[0] === 'events') ? M.eventsRequired : undefined,
      });
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        toast.success(M.added);
        onCreated(created);
        setUrl('');
        setDescription('');
      },
      onError: (e) => setErrors({ url: errorText(e) }),
    });
  };
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">{M.addHeading}</h2>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <InputField
          label={M.urlLabel}
          name="url"
          type="url"
          inputMode="url"
          placeholder="https://example.com/licensewatch"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={errors.url}
          hint={M.urlHint}
          autoComplete="off"
        />
        <InputField
          label={M.descriptionLabel}
          name="description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={200}
          autoComplete="off"
        />
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">{M.eventsLegend}</legend>
          {WEBHOOK_EVENTS.map((name) => (
            <CheckboxField
              key={name}
              name="events"
              value={name}
              checked={events.includes(name)}
              onChange={(e) =>
                setEvents((current) =>
                  e.target.checked ? [...current, name] : current.filter((picked) => picked !== name),
                )
              }
              label={
                <>
                  {M.eventLabels[name]} <code className="text-xs text-slate-500">{name}</code>
                </>
              }
            />
          ))}
          {errors.events ? (
            <p className="text-sm text-red-700" role="alert">
              {errors.events}
            </p>
          ) : null}
        </fieldset>
        <Button type="submit" disabled={create.isPending} className="w-full">
          {create.isPending ? M.adding : M.add}
        </Button>
      </form>
    </Card>
  );
}

function StatusBadge({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [label, tone] =
    endpoint.status === 'active'
      ? [M.statusActive, 'bg-emerald-50 text-emerald-800 ring-emerald-200']
      : endpoint.status === 'failing'
        ? [M.statusFailing(formatDateTime(endpoint.failing_since)), 'bg-amber-50 text-amber-900 ring-amber-200']
        : [
            endpoint.disabled_reason === 'failing' ? M.statusDisabledFailing : M.statusDisabled,
            'bg-slate-100 text-slate-700 ring-slate-300',
          ];
  return (
    <span
      className={`inline-flex shrink-0 self-start rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tone}`}
    >
      {label}
    </span>
  );
}

function EndpointCard({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (e: WebhookEndpointWithSecret) => void;
}) {
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const sendTest = useSendTestWebhook();
  const [confirming, setConfirming] = useState<'delete' | 'rotate' | null>(null);
  const [showLog, setShowLog] = useState(false);
  const logId = `log-${endpoint.id}`;
  return (
    <article
      data-testid="webhook-endpoint"
      aria-label={endpoint.url}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="font-mono text-sm font-semibold break-all text-slate-900">{endpoint.url}</h3>
          {endpoint.description ? <p className="mt-1 text-sm text-slate-600">{endpoint.description}</p> : null}
        </div>
        <StatusBadge endpoint={endpoint} />
      </div>
      <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={M.eventsLegend}>
        {endpoint.events.map((name) => (
          <li key={name} className="rounded-md bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-700">
            {name}
          </li>
        ))}
      </ul>
      {endpoint.previous_secret_expires_at ? (
        <p className="mt-2 text-xs text-slate-600">
          The previous secret also signs until {formatDateTime(endpoint.previous_secret_expires_at)}.
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={sendTest.isPending || !endpoint.enabled}
          onClick={() =>
            sendTest.mutate(endpoint.id, {
              onSuccess: () => {
                toast.success(M.testSent);
                setShowLog(true);
              },
              onError: (e) => toast.error(errorText(e)),
            })
          }
        >
          {M.sendTest}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog(!showLog)}
        >
          {showLog ? M.hideDeliveries : M.showDeliveries}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { id: endpoint.id, change: { enabled: !endpoint.enabled } },
              {
                onSuccess: (e) => toast.success(e.enabled ? M.enabled : M.disabled),
                onError: (e) => toast.error(errorText(e)),
              },
            )
          }
        >
          {endpoint.enabled ? M.disable : M.enable}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setConfirming('rotate')}>
          {M.rotate}
        </Button>
        <Button variant="ghost" size="sm" className="text-red-700" onClick={() => setConfirming('delete')}>
          {M.remove}
        </Button>
      </div>
      {showLog ? <DeliveryLog id={logId} endpoint={endpoint} /> : null}
      <ConfirmDialog
        open={confirming === 'delete'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`${M.remove}?`}
        confirmLabel={M.remove}
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(endpoint.id, {
            onSuccess: () => {
              toast.success(M.removed);
              setConfirming(null);
            },
            onError: (e) => toast.error(errorText(e)),
          })
        }
      >
        {M.removeConfirm(endpoint.url)}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'rotate'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`${M.rotate}?`}
        confirmLabel={M.rotate}
        pendingLabel="Rotating…"
        pending={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(endpoint.id, {
            onSuccess: (rotated) => {
              toast.success(M.rotated);
              onSecret(rotated);
              setConfirming(null);
            },
            onError: (e) => toast.error(errorText(e)),
          })
        }
      >
        {M.rotateConfirm}
      </ConfirmDialog>
    </article>
  );
}

function DeliveryLog({ id, endpoint }: { id: string; endpoint: WebhookEndpoint }) {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpoint.id, page);
  const replay = useReplayWebhookDelivery();
  if (deliveries.isPending) {
    return (
      <p id={id} className="mt-4 text-sm text-slate-600" role="status">
        {M.deliveriesLoading}
      </p>
    );
  }
  if (deliveries.isError) {
    return (
      <Alert tone="error" className="mt-4">
        {errorText(deliveries.error)}
      </Alert>
    );
  }
  const { data, total } = deliveries.data;
  const pages = Math.max(1, Math.ceil(total / DELIVERIES_PAGE_SIZE));
  return (
    <div id={id} className="mt-4">
      <h4 className="mb-2 text-sm font-semibold text-slate-900">{M.deliveries}</h4>
      {data.length === 0 ? (
        <p className="text-sm text-slate-600">{M.noDeliveries}</p>
      ) : (
        <div className="overflow-hidden rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{M.deliveriesFor(endpoint.url)}</caption>
            <thead className={stackingTableHeadClass}>
              <tr>
                {(['event', 'time', 'response', 'latency', 'attempts', 'status'] as const).map((c) => (
                  <th key={c} scope="col" className={tableHeadCellClass}>
                    {M.columns[c]}
                  </th>
                ))}
                <th scope="col" className={tableHeadCellClass}>
                  <span className="sr-only">{M.columns.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {data.map((d) => (
                <DeliveryRow
                  key={d.id}
                  delivery={d}
                  replaying={replay.isPending && replay.variables === d.id}
                  onReplay={() =>
                    replay.mutate(d.id, {
                      onSuccess: () => {
                        toast.success(M.replayed);
                        setPage(1);
                      },
                      onError: (e) => toast.error(errorText(e)),
                    })
                  }
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav className="mt-3 flex items-center justify-between text-sm" aria-label={M.deliveries}>
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {M.previous}
          </Button>
          <span className="text-slate-600">
            {page} / {pages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {M.next}
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

const deliveryTone: Record<WebhookDelivery['status'], string> = {
  pending: 'text-slate-700',
  sending: 'text-slate-700',
  delivered: 'text-emerald-800',
  failed: 'text-amber-900',
  dead: 'text-red-700',
};

function DeliveryRow({
  delivery: d,
  replaying,
  onReplay,
}: {
  delivery: WebhookDelivery;
  replaying: boolean;
  onReplay: () => void;
}) {
  const cell = 'md:px-4 md:py-2.5';
  const label = (text: string) => <span className="font-medium text-slate-500 md:hidden">{text}: </span>;
  return (
    <tr className="flex flex-col gap-1 p-3 md:table-row md:p-0" data-testid="webhook-delivery">
      <td className={`${cell} font-mono text-xs break-all text-slate-900`}>
        {d.event_type}
        {d.replay_of ? <span className="ml-1 font-sans text-slate-500">(replay)</span> : null}
      </td>
      <td className={`${cell} text-slate-600`}>
        {label(M.columns.time)}
        {formatDateTime(d.delivered_at ?? d.created_at)}
      </td>
      <td className={cell}>
        {label(M.columns.response)}
        {d.last_response_code ?? (d.last_error ? <span title={d.last_error}>{d.last_error.slice(0, 40)}</span> : '—')}
      </td>
      <td className={cell}>
        {label(M.columns.latency)}
        {d.last_latency_ms === null ? '—' : `${d.last_latency_ms} ms`}
      </td>
      <td className={cell}>
        {label(M.columns.attempts)}
        {d.attempts}
      </td>
      <td className={`${cell} font-medium ${deliveryTone[d.status]}`}>
        {label(M.columns.status)}
        {M.deliveryStatusLabels[d.status]}
        {d.status === 'failed' && d.next_attempt_at ? (
          <span className="block text-xs font-normal text-slate-500">next {formatDateTime(d.next_attempt_at)}</span>
        ) : null}
      </td>
      <td className={`${cell} md:text-right`}>
        <Button
          variant="secondary"
          size="sm"
          disabled={replaying}
          onClick={onReplay}
          aria-label={`${M.replay} ${d.event_type} of ${formatDateTime(d.created_at)}`}
        >
          {M.replay}
        </Button>
      </td>
    </tr>
  );
}
