import type { WebhookEndpoint } from '@licensewatch/shared/webhooks';
import { WEBHOOKS_MESSAGES as M } from '@licensewatch/shared/webhooks-messages';
import { formatDateTime } from '../../../lib/format';

export function WebhookStatusBadge({ endpoint }: { endpoint: WebhookEndpoint }) {
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
