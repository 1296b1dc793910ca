import type { ContactForm as ContactValues } from '@licensewatch/shared/contact';
import { CONTACT_LIMITS, CONTACT_MESSAGES } from '@licensewatch/shared/contact-messages';
import { useId, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { InputField, TextareaField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { hasErrorCode, isApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useCaptchaConfig } from '../api/get-captcha-config';
import { useSendContactMessage } from '../api/send-contact-message';
import { AltchaCaptcha } from './altcha-captcha';
import type { CaptchaHandle } from './captcha-handle';
import { RecaptchaCaptcha } from './recaptcha-captcha';

const EMPTY: ContactValues = { full_name: '', email: '', subject: '', message: '' };

// The form checks nothing until it is sent, so the schema (and zod with it) loads then, not
// while the prerendered page is being taken over.
const checkContactForm: Resolver<ContactValues> = async (values, context, options) => {
  const [{ zodResolver }, { contactFormSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@licensewatch/shared/contact'),
  ]);
  return zodResolver(contactFormSchema)(values, context, options);
};

/** docs/product-rules.md, Contact form: idle → submitting → idle; cleared with a fresh captcha after success. */
export function ContactForm() {
  const captchaConfig = useCaptchaConfig();
  const send = useSendContactMessage();
  const captcha = useRef<CaptchaHandle>(null);
  const inFlight = useRef(false);
  const [token, setToken] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState(false);
  const captchaErrorId = useId();

  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactValues>({ resolver: checkContactForm, defaultValues: EMPTY });

  const onCaptchaChange = (value: string | null) => {
    setToken(value);
    if (value) setCaptchaError(false);
  };

  const requireCaptcha = () => {
    if (token) return true;
    setCaptchaError(true);
    toast.error(CONTACT_MESSAGES.captchaToast);
    return false;
  };

  const onValid = async (values: ContactValues) => {
    // A second submit while one is in flight is ignored, even before React re-renders.
    if (inFlight.current) return;
    if (!requireCaptcha() || !token) {
      captcha.current?.focus();
      return;
    }
    inFlight.current = true;
    try {
      await send.mutateAsync({ ...values, recaptcha_token: token });
      toast.success(CONTACT_MESSAGES.sent);
      reset(EMPTY);
      captcha.current?.reset();
    } catch (error) {
      // The form keeps what was typed; a refused captcha needs solving again before a retry.
      if (isApiError(error, 400) && hasErrorCode(error, 'CAPTCHA_INVALID', 'CAPTCHA_USED')) captcha.current?.reset();
      toast.error(CONTACT_MESSAGES.failed);
    } finally {
      inFlight.current = false;
    }
  };

  // Field errors first: react-hook-form focuses the first invalid field; the captcha is flagged too.
  const onInvalid = () => {
    requireCaptcha();
  };

  const submitting = send.isPending;
  const config = captchaConfig.data;

  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate aria-busy={submitting} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label="Full name"
          autoComplete="name"
          required
          maxLength={CONTACT_LIMITS.fullName}
          error={errors.full_name?.message}
          {...register('full_name')}
        />
        <InputField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={CONTACT_LIMITS.email}
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <InputField
        label="Subject"
        required
        maxLength={CONTACT_LIMITS.subject}
        error={errors.subject?.message}
        {...register('subject')}
      />
      <TextareaField
        label="Message"
        required
        rows={6}
        maxLength={CONTACT_LIMITS.message}
        error={errors.message?.message}
        {...register('message')}
      />
      <fieldset className="space-y-1.5">
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Verification</legend>
        <div
          className={cn(
            'inline-block max-w-full rounded-lg border-2',
            captchaError ? 'border-red-600' : 'border-transparent',
          )}
          data-testid="captcha-box"
        >
          {config?.provider === 'altcha' ? (
            <AltchaCaptcha
              ref={captcha}
              challengeUrl={config.challenge_url}
              onChange={onCaptchaChange}
              invalid={captchaError}
              describedBy={captchaError ? captchaErrorId : undefined}
            />
          ) : config?.provider === 'recaptcha' ? (
            <RecaptchaCaptcha ref={captcha} siteKey={config.site_key} onChange={onCaptchaChange} />
          ) : captchaConfig.isError ? (
            <p className="p-2 text-sm text-red-700">The verification could not load. Please reload the page.</p>
          ) : (
            <span className="flex h-16 items-center px-3 text-teal-700">
              <Spinner label="Loading verification…" />
            </span>
          )}
        </div>
        {captchaError ? (
          <p id={captchaErrorId} className="text-sm text-red-700">
            {CONTACT_MESSAGES.captchaRequired}
          </p>
        ) : null}
      </fieldset>
      <Button type="submit" size="lg" pending={submitting} className="w-full sm:w-auto">
        {submitting ? 'Sending…' : 'Send Message'}
      </Button>
    </form>
  );
}
