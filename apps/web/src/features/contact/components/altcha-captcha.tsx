import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { CaptchaHandle } from './captcha-handle';

type AltchaElement = HTMLElementTagNameMap['altcha-widget'];

/**
 * The widget's code, its proof-of-work worker and styles, fetched only when a form shows it
 * (never in the home route's bundle), after the page's own start. The 'external' build keeps the worker a separate
 * same-origin file and the styles a stylesheet, so the CSP needs no blob: or inline scripts.
 */
let loading: Promise<void> | null = null;
function loadAltcha(): Promise<void> {
  loading ??= (async () => {
    const [, { default: Pbkdf2Worker }] = await Promise.all([
      import('altcha/external'),
      import('altcha/workers/pbkdf2?worker'),
      import('altcha/altcha.css'),
      import('./altcha-widget.css'),
    ]);
    globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
  })().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** The longest wait for an idle moment after the page has loaded before the widget loads anyway. */
const IDLE_TIMEOUT_MS = 2_000;

type Props = {
  challengeUrl: string;
  /** The payload to send as recaptcha_token, or null when not (or no longer) solved. */
  onChange: (token: string | null) => void;
  invalid: boolean;
  describedBy?: string;
  ref?: Ref<CaptchaHandle>;
};

export function AltchaCaptcha({ challengeUrl, onChange, invalid, describedBy, ref }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const widget = useRef<AltchaElement | null>(null);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useImperativeHandle(ref, () => ({
    reset: () => {
      widget.current?.reset();
      onChangeRef.current(null);
    },
    focus: () => widget.current?.querySelector<HTMLElement>('input')?.focus(),
  }));

  useEffect(() => {
    let cancelled = false;
    let element: AltchaElement | null = null;
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onChangeRef.current(state === 'verified' && payload ? payload : null);
    };
    let started = false;
    const mount = () => {
      if (started) return;
      started = true;
      loadAltcha().then(
        () => {
          if (cancelled || !host.current) return;
          element = document.createElement('altcha-widget');
          element.setAttribute('challenge', challengeUrl);
          // The payload travels in our JSON body, not as a form field of its own.
          element.setAttribute('name', 'altcha');
          element.setAttribute('configuration', JSON.stringify({ hideFooter: false, minDuration: 300 }));
          element.addEventListener('statechange', onState);
          host.current.append(element);
          widget.current = element;
          setReady(true);
        },
        () => !cancelled && setFailed(true),
      );
    };
    // The widget's code is this page's heaviest part: it never competes with the page's own start.
    // It loads once the page has loaded and the browser is idle, so it is ready by the time the
    // visitor reaches the form (below the fold on most screens), or at once if the form is already
    // near the viewport.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) mount();
      },
      { rootMargin: '200px 0px' },
    );
    if (host.current) observer.observe(host.current);
    let idle: number | undefined;
    const whenIdle = () => {
      // Safari has no requestIdleCallback: a short delay after load serves the same purpose.
      idle =
        typeof window.requestIdleCallback === 'function'
          ? window.requestIdleCallback(mount, { timeout: IDLE_TIMEOUT_MS })
          : window.setTimeout(mount, IDLE_TIMEOUT_MS);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      cancelled = true;
      observer.disconnect();
      window.removeEventListener('load', whenIdle);
      if (idle !== undefined) {
        if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
        else window.clearTimeout(idle);
      }
      element?.removeEventListener('statechange', onState);
      element?.remove();
      widget.current = null;
      setReady(false);
    };
  }, [challengeUrl]);

  useEffect(() => {
    const input = widget.current?.querySelector('input');
    if (!input) return;
    if (invalid) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
    if (describedBy) input.setAttribute('aria-describedby', describedBy);
    else input.removeAttribute('aria-describedby');
  });

  if (failed) {
    return (
      <p className="text-sm text-red-700">The verification could not load. Please check your connection and reload.</p>
    );
  }
  return (
    <>
      {ready ? null : (
        <div className="flex h-16 w-72 max-w-full items-center rounded-md border border-slate-200 bg-slate-50 px-4 text-sm text-slate-500">
          Loading the verification…
        </div>
      )}
      {/* A set width: shrink-wrapped, the widget lets its label run into its logo. */}
      <div ref={host} className="altcha-host w-72 max-w-full" data-testid="altcha-captcha" />
    </>
  );
}
