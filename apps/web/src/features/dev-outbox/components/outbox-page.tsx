import type { OutboxMessage } from '@licensewatch/shared/dev-outbox';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { InputField } from '../../../components/ui/form-field';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { PageTitle } from '../../../session/page-title';
import { useOutbox } from '../api/get-outbox';

function MessageView({ message }: { message: OutboxMessage }) {
  return (
    <article className="flex min-h-[28rem] flex-col rounded-xl border border-slate-200 bg-white">
      <header className="border-b border-slate-200 p-4">
        <h2 className="font-semibold text-slate-900">{message.subject || '(no subject)'}</h2>
        <p className="mt-1 text-sm text-slate-600">
          To <span className="font-medium text-slate-800">{message.to}</span> · {message.channel} ·{' '}
          {formatDateTime(message.createdAt)}
        </p>
      </header>
      {message.html ? (
        // sandbox="" blocks scripts, forms and navigation inside the captured email.
        <iframe
          title={`Email: ${message.subject || message.id}`}
          sandbox=""
          srcDoc={message.html}
          className="min-h-[28rem] w-full flex-1 rounded-b-xl bg-white"
        />
      ) : (
        <pre className="flex-1 overflow-auto p-4 text-sm whitespace-pre-wrap text-slate-800">{message.text}</pre>
      )}
      {message.html && message.text ? (
        <details className="border-t border-slate-200 p-4 text-sm">
          <summary className="cursor-pointer font-medium text-slate-700">Plain-text version</summary>
          <pre className="mt-2 whitespace-pre-wrap text-slate-700">{message.text}</pre>
        </details>
      ) : null}
    </article>
  );
}

export function OutboxPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const to = searchParams.get('to') ?? '';
  const [draft, setDraft] = useState(to);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const outbox = useOutbox(to);

  function applyFilter(event: FormEvent) {
    event.preventDefault();
    setSelectedId(null);
    setSearchParams(draft.trim() ? { to: draft.trim() } : {}, { replace: true });
  }

  const messages = outbox.data ?? [];
  const selected = messages.find((message) => message.id === selectedId) ?? messages[0];

  let content: ReactNode;
  if (outbox.isPending) {
    content = <PageSpinner label="Loading captured messages…" />;
  } else if (outbox.isError) {
    content = isApiError(outbox.error, 404) ? (
      <Alert tone="info">
        The dev outbox is not available on this server. It exists only in development and test, where emails and SMS are
        captured instead of sent; in production they go to the real email and SMS providers.
      </Alert>
    ) : (
      <Alert tone="error">Could not load the outbox: {outbox.error.message}</Alert>
    );
  } else if (messages.length === 0) {
    content = (
      <EmptyState title="No messages captured">
        {to
          ? `Nothing has been sent to ${to} yet.`
          : 'Sign up or request a password reset; the email will appear here.'}
      </EmptyState>
    );
  } else {
    content = (
      <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
        <ul className="space-y-2" aria-label="Captured messages">
          {messages.map((message) => {
            const active = message.id === selected?.id;
            return (
              <li key={message.id}>
                <button
                  type="button"
                  onClick={() => setSelectedId(message.id)}
                  aria-current={active ? 'true' : undefined}
                  className={cn(
                    'w-full rounded-lg border p-3 text-left transition-colors',
                    active ? 'border-teal-600 bg-teal-50' : 'border-slate-200 bg-white hover:bg-slate-50',
                  )}
                >
                  <span className="block truncate text-sm font-semibold text-slate-900">
                    {message.subject || '(no subject)'}
                  </span>
                  <span className="mt-0.5 block truncate text-xs text-slate-600">{message.to}</span>
                  <span className="mt-0.5 block text-xs text-slate-500">
                    {message.channel} · {formatDateTime(message.createdAt)}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        {selected ? <MessageView message={selected} /> : null}
      </div>
    );
  }

  return (
    <Container className="py-10">
      <PageTitle title="Dev outbox" />
      <PageHeader
        title="Dev outbox"
        description="Emails and SMS captured by the server when no real provider is configured, newest first."
      />
      <form onSubmit={applyFilter} className="mb-6 flex max-w-xl items-end gap-3">
        <div className="flex-1">
          <InputField
            label="Filter by recipient"
            type="email"
            placeholder="name@example.com"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        {to ? (
          <Button
            variant="ghost"
            onClick={() => {
              setDraft('');
              setSearchParams({}, { replace: true });
            }}
          >
            Clear
          </Button>
        ) : null}
      </form>
      {content}
    </Container>
  );
}
