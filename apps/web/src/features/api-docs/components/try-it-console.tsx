import { API_DOCS_MESSAGES } from '@licensewatch/shared/api-docs-messages';
import { PATHS } from '@licensewatch/shared/web-paths';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { useCredentials } from '../../../session/get-credentials';
import { useMe } from '../../../session/get-me';
import { type SearchOutcome, useSendSearchRequest } from '../api/send-search-request';
import { buildCodeSample, SAMPLE_LANGUAGES, type SampleLanguageId } from '../code-sample';
import { buildRequestBody, type FormValues, missingRequiredFields } from '../request-body';
import { TRY_IT_ENDPOINTS } from '../try-it-endpoints';
import { CodeSampleBlock } from './code-sample-block';
import { EndpointList } from './endpoint-list';
import { LanguagePicker } from './language-picker';
import { MethodBadge } from './method-badge';
import { PanelToggle } from './panel-toggle';
import { ParamForm } from './param-form';
import { ParamsTable } from './params-table';
import { ResponsePanel } from './response-panel';

const FIRST = TRY_IT_ENDPOINTS[0] as (typeof TRY_IT_ENDPOINTS)[number];

/**
 * The try-it console: endpoints on the left, the chosen one's documentation and inputs in the
 * centre, and on the right the key, a code sample of exactly this request and its answer. On
 * phones the side panels fold away behind two toggles.
 */
export function TryItConsole() {
  const ids = useId();
  const formId = `${ids}-form`;
  const leftId = `${ids}-endpoints`;
  const rightId = `${ids}-request`;

  const me = useMe();
  const signedIn = Boolean(me.data);
  const credentials = useCredentials(signedIn);
  // The signed-in user's key until they type another; nothing for a visitor.
  const [typedKey, setTypedKey] = useState<string | null>(null);
  const apiKey = typedKey ?? (signedIn ? (credentials.data?.credential_key ?? '') : '');
  // Until a signed-in user's key is in, 'Try It!' waits: sent at once it would read as a missing
  // field. A failed load ends the wait; the user can then paste the key.
  const keyLoading = typedKey === null && (me.isPending || (signedIn && credentials.isPending));

  const [endpointId, setEndpointId] = useState(FIRST.id);
  const endpoint = TRY_IT_ENDPOINTS.find((e) => e.id === endpointId) ?? FIRST;
  // Kept across endpoints: a name typed for one search carries over to the next.
  const [values, setValues] = useState<FormValues>({});
  const [languageId, setLanguageId] = useState<SampleLanguageId>('shell');
  const language = SAMPLE_LANGUAGES.find((l) => l.id === languageId) ?? SAMPLE_LANGUAGES[0];

  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<SearchOutcome | null>(null);
  const send = useSendSearchRequest();

  const [leftOpen, setLeftOpen] = useState(false);
  const [rightOpen, setRightOpen] = useState(false);
  const rightPanel = useRef<HTMLDivElement>(null);

  const body = buildRequestBody(endpoint.params, values);
  // Rebuilt on every render: a few milliseconds, and always the request 'Try It!' would send.
  const code = buildCodeSample({ endpoint, body, apiKey, origin: window.location.origin }, language);

  function selectEndpoint(id: string) {
    setEndpointId(id);
    setOutcome(null);
    setProblem(null);
    setMissing(new Set());
    // On a phone, choosing closes the list so the chosen endpoint's form is in view.
    setLeftOpen(false);
  }

  function toggleRight() {
    const opening = !rightOpen;
    setRightOpen(opening);
    // The panel opens below the form: bring it into view.
    if (opening) requestAnimationFrame(() => rightPanel.current?.scrollIntoView({ block: 'start' }));
  }

  /** On a phone the answer is in the folded panel: open it and bring it into view. */
  function revealResponse() {
    if (window.matchMedia('(min-width: 1024px)').matches) return;
    setRightOpen(true);
    requestAnimationFrame(() => rightPanel.current?.scrollIntoView({ block: 'start' }));
  }

  async function tryIt() {
    if (keyLoading) return;
    const empty = missingRequiredFields(endpoint.params, values, apiKey);
    if (empty.length > 0) {
      setMissing(new Set(empty));
      setOutcome(null);
      setProblem(API_DOCS_MESSAGES.requiredFields);
      revealResponse();
      return;
    }
    setMissing(new Set());
    setProblem(null);
    const result = await send.mutateAsync({ endpoint, body, apiKey });
    setOutcome(result);
    revealResponse();
    if (result.ok) void toast.success(API_DOCS_MESSAGES.success);
  }

  return (
    <div>
      <div className="flex gap-3 lg:hidden">
        <PanelToggle
          label="Endpoints"
          controls={leftId}
          expanded={leftOpen}
          onToggle={() => setLeftOpen((open) => !open)}
        />
        <PanelToggle label="Key & response" controls={rightId} expanded={rightOpen} onToggle={toggleRight} />
      </div>

      <div className="mt-4 grid gap-6 lg:mt-0 lg:grid-cols-[12rem_minmax(0,1fr)_minmax(0,26rem)]">
        <nav id={leftId} aria-label="Endpoints" className={cn(leftOpen ? 'block' : 'hidden', 'lg:block')}>
          <p className="px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">Endpoints</p>
          <div className="mt-2">
            <EndpointList endpoints={TRY_IT_ENDPOINTS} selectedId={endpoint.id} onSelect={selectEndpoint} />
          </div>
        </nav>

        <section aria-labelledby={`${ids}-title`} className="min-w-0 space-y-5">
          <div>
            <h2 id={`${ids}-title`} className="text-xl font-semibold text-slate-900">
              {endpoint.title}
            </h2>
            <p className="mt-2 flex flex-wrap items-center gap-2 font-mono text-sm">
              <MethodBadge method={endpoint.method} /> <span className="break-all text-slate-800">{endpoint.path}</span>
            </p>
            <p className="mt-2 text-sm text-slate-600">
              {endpoint.description} Body:{' '}
              <code className="text-slate-800">
                {endpoint.encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json'}
              </code>
              .
            </p>
          </div>
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Parameters</h3>
            <ParamsTable params={endpoint.params} label={`${endpoint.title} parameters`} />
          </div>
          <div>
            <h3 className="mb-3 text-sm font-semibold text-slate-900">Try it</h3>
            <ParamForm
              id={formId}
              endpoint={endpoint}
              values={values}
              missing={missing}
              onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
              onSubmit={tryIt}
            />
            {/* On a phone the button sits under the form it sends, not in the folded panel. */}
            <Button
              type="submit"
              form={formId}
              pending={send.isPending}
              disabled={keyLoading}
              className="mt-4 w-full lg:hidden"
            >
              {send.isPending ? API_DOCS_MESSAGES.sending : API_DOCS_MESSAGES.tryIt}
            </Button>
          </div>
        </section>

        <div
          id={rightId}
          ref={rightPanel}
          className={cn('min-w-0 scroll-mt-24 space-y-5', rightOpen ? 'block' : 'hidden', 'lg:block')}
        >
          <div>
            <InputField
              label="API key"
              value={apiKey}
              required
              error={missing.has('API key') && !apiKey.trim() ? 'Required' : undefined}
              autoComplete="off"
              spellCheck={false}
              placeholder={keyLoading ? API_DOCS_MESSAGES.loadingKey : 'Your API key'}
              aria-busy={keyLoading || undefined}
              onChange={(event) => setTypedKey(event.target.value)}
              hint={
                signedIn ? (
                  <>
                    Your key from the{' '}
                    <Link to={PATHS.overview} className="font-medium text-teal-800 underline underline-offset-2">
                      Overview
                    </Link>{' '}
                    page.
                  </>
                ) : (
                  <>
                    <Link to={PATHS.login} className="font-medium text-teal-800 underline underline-offset-2">
                      Sign in
                    </Link>{' '}
                    to fill in your key, or paste one.
                  </>
                )
              }
            />
            <p className="mt-2 text-xs text-slate-600">
              Sent as <code className="text-slate-800">Authorization: Bearer &lt;key&gt;</code>; the POST endpoints also
              take it as <code className="text-slate-800">credential_key</code> in the body.
            </p>
          </div>
          <LanguagePicker value={language.id} onChange={setLanguageId} />
          <CodeSampleBlock code={code} languageLabel={language.label} />
          {/* The button's own inline-flex would win over a hidden class: its wrapper hides it below lg. */}
          <div className="hidden lg:block">
            <Button type="submit" form={formId} pending={send.isPending} disabled={keyLoading} className="w-full">
              {send.isPending ? API_DOCS_MESSAGES.sending : API_DOCS_MESSAGES.tryIt}
            </Button>
          </div>
          <ResponsePanel outcome={outcome} problem={problem} pending={send.isPending} />
        </div>
      </div>
    </div>
  );
}
