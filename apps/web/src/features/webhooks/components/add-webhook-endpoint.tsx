import {
  WEBHOOK_EVENTS,
  type WebhookEndpointWithSecret,
  type WebhookEvent,
  webhookEndpointInputSchema,
} from '@licensewatch/shared/webhooks';
import { WEBHOOKS_MESSAGES as M } from '@licensewatch/shared/webhooks-messages';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckboxField, InputField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/error-text';
import { useCreateWebhookEndpoint } from '../api/webhook-mutations';

export function AddWebhookEndpoint({ onCreated }: { onCreated: (e: WebhookEndpointWithSecret) => void }) {
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
