import type { WebhookEndpointWithSecret } from '@licensewatch/shared/webhooks';
import { WEBHOOKS_MESSAGES as M } from '@licensewatch/shared/webhooks-messages';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';

export function WebhookSecretOnce({ endpoint, onDone }: { endpoint: WebhookEndpointWithSecret; onDone: () => void }) {
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
