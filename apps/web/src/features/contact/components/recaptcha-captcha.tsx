import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { CaptchaHandle } from './captcha-handle';

type Grecaptcha = {
  render: (
    el: HTMLElement,
    options: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void },
  ) => number;
  reset: (id?: number) => void;
};
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    onRecaptchaLoad?: () => void;
  }
}

const SCRIPT_URL = 'https://www.google.com/recaptcha/api.js?render=explicit&onload=onRecaptchaLoad';

/** Google's script, added once and only when the server asks for reCAPTCHA. */
let loading: Promise<Grecaptcha> | null = null;
function loadRecaptcha(): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    window.onRecaptchaLoad = () =>
      window.grecaptcha ? resolve(window.grecaptcha) : reject(new Error('no grecaptcha'));
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('reCAPTCHA could not load'));
    };
    document.head.append(script);
  });
  return loading;
}

type Props = {
  siteKey: string;
  onChange: (token: string | null) => void;
  ref?: Ref<CaptchaHandle>;
};

export function RecaptchaCaptcha({ siteKey, onChange, ref }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const widgetId = useRef<number | null>(null);
  const [failed, setFailed] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useImperativeHandle(ref, () => ({
    reset: () => {
      if (widgetId.current !== null) window.grecaptcha?.reset(widgetId.current);
      onChangeRef.current(null);
    },
    focus: () => host.current?.querySelector('iframe')?.focus(),
  }));

  useEffect(() => {
    let cancelled = false;
    loadRecaptcha().then(
      (grecaptcha) => {
        if (cancelled || !host.current || widgetId.current !== null) return;
        widgetId.current = grecaptcha.render(host.current, {
          sitekey: siteKey,
          callback: (token) => onChangeRef.current(token),
          'expired-callback': () => onChangeRef.current(null),
        });
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [siteKey]);

  if (failed) {
    return (
      <p className="text-sm text-red-700">The verification could not load. Please check your connection and reload.</p>
    );
  }
  return <div ref={host} className="min-h-[78px]" />;
}
