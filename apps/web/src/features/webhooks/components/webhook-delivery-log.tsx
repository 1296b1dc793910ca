import type { WebhookDelivery, WebhookEndpoint } from '@licensewatch/shared/webhooks';
import { WEBHOOKS_MESSAGES as M } from '@licensewatch/shared/webhooks-messages';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { stackingTableHeadClass, tableHeadCellClass } from '../../../components/ui/table-styles';
import { toast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format';
import { DELIVERIES_PAGE_SIZE, useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useReplayWebhookDelivery } from '../api/webhook-mutations';

export function WebhookDeliveryLog({ id, endpoint }: { id: string; endpoint: WebhookEndpoint }) {
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
                <WebhookDeliveryRow
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

function WebhookDeliveryRow({
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
