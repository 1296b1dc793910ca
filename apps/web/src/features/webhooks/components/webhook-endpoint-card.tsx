import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@licensewatch/shared/webhooks';
import { WEBHOOKS_MESSAGES as M } from '@licensewatch/shared/webhooks-messages';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format';
import {
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useSendTestWebhook,
  useUpdateWebhookEndpoint,
} from '../api/webhook-mutations';
import { WebhookDeliveryLog } from './webhook-delivery-log';
import { WebhookStatusBadge } from './webhook-status-badge';

export function WebhookEndpointCard({
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
        <WebhookStatusBadge endpoint={endpoint} />
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
      {showLog ? <WebhookDeliveryLog id={logId} endpoint={endpoint} /> : null}
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
