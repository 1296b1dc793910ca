import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema } from '@licensewatch/shared/accounts';
import { FORGOT_PASSWORD_LOCK_SECONDS, MESSAGES } from '@licensewatch/shared/messages';
import { PATHS } from '@licensewatch/shared/web-paths';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/form-field';
import { ApiRequestError } from '../../../lib/api';
import { useCountdown } from '../../../lib/use-countdown';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { isEmailRateLimitError } from '../password-reset-errors';
import { AuthCard, textLinkClass } from './auth-card';

type ForgotValues = z.infer<typeof forgotPasswordSchema>;
type Feedback = { tone: 'error' | 'success'; message: string } | null;

export function ForgotPasswordPage() {
  const [searchParams] = useSearchParams();
  const requestReset = useRequestPasswordReset();
  const lock = useCountdown();
  const locked = lock.remaining > 0;
  // Arriving from a dead reset link explains why the visitor is here.
  const [feedback, setFeedback] = useState<Feedback>(() =>
    searchParams.get('from') === 'reset' ? { tone: 'error', message: MESSAGES.forgot.fromReset } : null,
  );

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotValues>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    if (locked) return;
    setFeedback(null);
    try {
      await requestReset.mutateAsync(email);
      setFeedback({ tone: 'success', message: MESSAGES.forgot.sent });
      // The server refuses another email for this address for the same period; say so up front.
      lock.start(FORGOT_PASSWORD_LOCK_SECONDS);
    } catch (error) {
      if (isEmailRateLimitError(error)) {
        setFeedback({ tone: 'error', message: MESSAGES.forgot.tooMany });
        lock.start(FORGOT_PASSWORD_LOCK_SECONDS);
        return;
      }
      const message = error instanceof ApiRequestError ? error.message : MESSAGES.forgot.failed;
      setFeedback({
        tone: 'error',
        message: message && message !== MESSAGES.general.fallback ? message : MESSAGES.forgot.failed,
      });
    }
  });

  return (
    <AuthCard
      title="Reset your password"
      description="Enter the email you signed up with and we'll send you a link to choose a new password."
      footer={
        <Link to={PATHS.login} className={textLinkClass}>
          Back to login
        </Link>
      }
    >
      {feedback ? (
        <Alert tone={feedback.tone} className="mb-5">
          {feedback.message}
        </Alert>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <InputField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" size="lg" className="w-full" pending={isSubmitting} disabled={locked}>
          {locked ? MESSAGES.forgot.countdownButton(lock.remaining) : 'Send Reset Instructions'}
        </Button>
        {locked ? (
          <p className="text-center text-sm text-slate-600">{MESSAGES.forgot.countdown(lock.remaining)}</p>
        ) : null}
      </form>
    </AuthCard>
  );
}
