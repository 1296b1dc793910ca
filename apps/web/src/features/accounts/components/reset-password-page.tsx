import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordFormSchema, type VerifyResetCodeResponse } from '@licensewatch/shared/accounts';
import { MESSAGES } from '@licensewatch/shared/messages';
import { PATHS } from '@licensewatch/shared/web-paths';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ME_QUERY_KEY, useMe } from '../../../session/get-me';
import { useResetPassword } from '../api/reset-password';
import { SIGNED_IN_QUERIES, settleSignedInQueries, signOut } from '../api/sign-out';
import { useVerifyResetCode } from '../api/verify-reset-code';
import { isExpiredOrInvalidTokenError } from '../password-reset-errors';
import { AuthCard, textLinkClass } from './auth-card';
import { PasswordInput } from './password-input';

type ResetValues = z.infer<typeof resetPasswordFormSchema>;

const INVALID_LINK_REDIRECT_MS = 3000;
const SUCCESS_REDIRECT_MS = 2000;
const FORGOT_FROM_RESET = `${PATHS.forgotPassword}?from=reset`;

function invalidReasonMessage(result: VerifyResetCodeResponse): string {
  if (result.reason === 'expired') return MESSAGES.reset.expired;
  if (result.reason === 'email_not_found') return MESSAGES.reset.emailNotFound;
  return MESSAGES.reset.noValidCode;
}

/**
 * Signs out whoever is signed in on arrival: a reset link is about another (or a forgotten)
 * password. The signed-in parts of the page (the top bar's workspace and credits) are dropped
 * first, so that they ask nothing more, and what they asked is let finish before the session ends.
 */
function useSignOutOnArrival(): boolean {
  const me = useMe();
  const queryClient = useQueryClient();
  const started = useRef(false);
  // True from the start of the sign-out to its end: the link is checked only once it is over.
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    if (!me.data || started.current) return;
    started.current = true;
    setSigningOut(true);
    void (async () => {
      queryClient.setQueryData(ME_QUERY_KEY, null);
      await settleSignedInQueries(queryClient);
      await signOut().catch(() => undefined);
      queryClient.removeQueries(SIGNED_IN_QUERIES);
      queryClient.setQueryData(ME_QUERY_KEY, null);
      setSigningOut(false);
    })();
  }, [me.data, queryClient]);

  return !me.isPending && !me.data && !signingOut;
}

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code');
  const email = searchParams.get('email');
  const linkError = searchParams.get('error');
  const sessionCleared = useSignOutOnArrival();
  const resetPassword = useResetPassword();
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'expired' | 'failed'; message: string } | null>(null);

  let invalidMessage: string | null = null;
  if (linkError) invalidMessage = MESSAGES.reset.expired;
  else if (!code || !email) invalidMessage = MESSAGES.reset.missingParams;

  const verification = useVerifyResetCode(
    code && email ? { email, code } : null,
    sessionCleared && invalidMessage === null,
  );
  if (invalidMessage === null && verification.isError) invalidMessage = MESSAGES.reset.validationError;
  if (invalidMessage === null && verification.data && !verification.data.valid) {
    invalidMessage = invalidReasonMessage(verification.data);
  }
  if (outcome?.kind === 'expired') invalidMessage = outcome.message;

  useEffect(() => {
    if (invalidMessage === null) return;
    const id = window.setTimeout(() => navigate(FORGOT_FROM_RESET, { replace: true }), INVALID_LINK_REDIRECT_MS);
    return () => window.clearTimeout(id);
  }, [invalidMessage, navigate]);

  useEffect(() => {
    if (outcome?.kind !== 'success') return;
    const id = window.setTimeout(() => navigate(PATHS.login, { replace: true }), SUCCESS_REDIRECT_MS);
    return () => window.clearTimeout(id);
  }, [outcome, navigate]);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    if (!code) return;
    setOutcome(null);
    try {
      await resetPassword.mutateAsync({ newPassword: password, token: code });
      setOutcome({ kind: 'success', message: MESSAGES.reset.success });
    } catch (error) {
      setOutcome(
        isExpiredOrInvalidTokenError(error)
          ? { kind: 'expired', message: MESSAGES.reset.expired }
          : { kind: 'failed', message: MESSAGES.reset.failed },
      );
    }
  });

  let body: ReactNode;
  if (invalidMessage !== null) {
    body = (
      <div className="space-y-4">
        <Alert tone="error">{invalidMessage}</Alert>
        <p className="text-center text-sm text-slate-600">
          Taking you to{' '}
          <Link to={FORGOT_FROM_RESET} replace className={textLinkClass}>
            request a new link
          </Link>
          …
        </p>
      </div>
    );
  } else if (outcome?.kind === 'success') {
    body = <Alert tone="success">{outcome.message}</Alert>;
  } else if (!verification.data) {
    body = (
      <div className="flex flex-col items-center gap-3 py-6 text-slate-600" role="status">
        <Spinner className="text-teal-700 [&_svg]:size-7" />
        <p className="text-sm">{MESSAGES.reset.validating}</p>
      </div>
    );
  } else {
    body = (
      <>
        {outcome?.kind === 'failed' ? (
          <Alert tone="error" className="mb-5">
            {outcome.message}
          </Alert>
        ) : null}
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            hint="At least 6 characters."
            error={errors.password?.message}
            {...register('password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <Button type="submit" size="lg" className="w-full" pending={isSubmitting}>
            Reset Password
          </Button>
        </form>
      </>
    );
  }

  return (
    <AuthCard
      title="Set New Password"
      description={email && invalidMessage === null ? `Choose a new password for ${email}.` : undefined}
      footer={
        <Link to={PATHS.login} className={textLinkClass}>
          Back to login
        </Link>
      }
    >
      {body}
    </AuthCard>
  );
}
