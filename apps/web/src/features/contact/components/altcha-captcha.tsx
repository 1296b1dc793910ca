import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { CaptchaHandle } from './captcha-handle';

type AltchaElement = HTMLElementTagNameMap['altcha-widget'];

/**
 * The widget's code, its proof-of-work worker and styles, fetched only when a form shows it
 * (never in the home route's bundle), once it is near the viewport. The 'external' build keeps the worker a separate
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
    const mount = () =>
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
    // The widget's code is this page's heaviest part: it loads as the form nears the viewport
    // (on a phone, below the email and hours cards), not while the page itself is starting.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        mount();
      },
      { rootMargin: '200px 0px' },
    );
    if (host.current) observer.observe(host.current);
    return () => {
      cancelled = true;
      observer.disconnect();
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
