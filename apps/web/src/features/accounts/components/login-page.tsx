import { zodResolver } from '@hookform/resolvers/zod';
import { type SignIn, signInSchema } from '@licensewatch/shared/accounts';
import { MESSAGES } from '@licensewatch/shared/messages';
import { PATHS } from '@licensewatch/shared/web-paths';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/form-field';
import { useRegistrationOpen } from '../../../session/get-app-settings';
import { checkUser } from '../api/check-user';
import { useSignIn } from '../api/sign-in';
import { loginQueryErrorMessage } from '../google-error-message';
import { checkUserMessage, classifySignInError } from '../sign-in-error-message';
import { usePostLoginPath } from '../use-post-login-path';
import { AuthCard, textLinkClass } from './auth-card';
import { GoogleButton } from './google-button';
import { PasswordInput } from './password-input';
import { TwoFactorStep } from './two-factor-step';

export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const target = usePostLoginPath();
  const signIn = useSignIn();
  const registrationOpen = useRegistrationOpen();
  // The password was right and the account has two-factor on: the code is the next step.
  const [secondStep, setSecondStep] = useState(false);
  // A failed Google sign-in or a bad confirmation link sends the visitor here with ?error=CODE.
  const [formError, setFormError] = useState<string | null>(() => {
    const code = searchParams.get('error');
    return code ? loginQueryErrorMessage(code) : null;
  });

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignIn>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });

  function clearQueryError() {
    setFormError(null);
    if (searchParams.has('error')) {
      setSearchParams(
        (params) => {
          params.delete('error');
          return params;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    clearQueryError();
    try {
      const { twoFactor } = await signIn.mutateAsync(values);
      if (twoFactor) {
        setSecondStep(true);
        return;
      }
      navigate(target, { replace: true });
    } catch (error) {
      const failure = classifySignInError(error);
      if (failure.kind === 'message') {
        setFormError(failure.message);
        return;
      }
      try {
        setFormError(checkUserMessage(await checkUser(values)));
      } catch {
        setFormError(MESSAGES.login.checkUserFailed);
      }
    }
  });

  return (
    <AuthCard
      title="Sign in to your account"
      description="Track licenses, renewal dates and alerts in one place."
      footer={
        <>
          {registrationOpen ? (
            <p>
              Don&apos;t have an account?{' '}
              <Link to={PATHS.signup} className={textLinkClass}>
                Sign up
              </Link>
            </p>
          ) : null}
          <p className="mt-3 text-xs text-slate-500">
            By signing in you agree to our{' '}
            <Link to={PATHS.terms} className={textLinkClass}>
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link to={PATHS.privacyPolicy} className={textLinkClass}>
              Privacy Policy
            </Link>
            .
          </p>
        </>
      }
    >
      {formError ? (
        <Alert tone="error" className="mb-5">
          {formError}
        </Alert>
      ) : null}
      {secondStep ? (
        <TwoFactorStep
          onSignedIn={() => navigate(target, { replace: true })}
          onRestart={(message) => {
            setSecondStep(false);
            setFormError(message ?? null);
          }}
        />
      ) : (
        <>
          <form onSubmit={onSubmit} noValidate className="space-y-5">
            <InputField
              label="Email"
              type="email"
              autoComplete="email"
              inputMode="email"
              error={errors.email?.message}
              {...register('email')}
            />
            <div className="space-y-1.5">
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                error={errors.password?.message}
                {...register('password')}
              />
              <div className="text-right">
                <Link to={PATHS.forgotPassword} className={`text-sm ${textLinkClass}`}>
                  Forgot password?
                </Link>
              </div>
            </div>
            <Button type="submit" size="lg" className="w-full" pending={isSubmitting}>
              Sign In
            </Button>
          </form>
          <GoogleButton onStart={clearQueryError} onError={setFormError} />
        </>
      )}
    </AuthCard>
  );
}
