import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_MESSAGES } from '@licensewatch/shared/account-messages';
import { type AccountSession, type ChangePasswordForm, changePasswordFormSchema } from '@licensewatch/shared/accounts';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckboxField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useAccountSessions, useChangePassword, useRevokeAccountSession } from '../api/account-sessions';
import { describeUserAgent } from '../describe-user-agent';
import { PasswordInput } from './password-input';
import { TwoFactorSettings } from './two-factor-settings';

const M = ACCOUNT_MESSAGES.security;

function ChangePassword() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '', revokeOtherSessions: true },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword, revokeOtherSessions }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword, revokeOtherSessions });
      reset();
      void toast.success(M.changed);
    } catch (error) {
      // better-auth answers a wrong current password with 400; the field says so, the form keeps what was typed.
      if (isApiError(error, 400)) setError('currentPassword', { message: M.wrongPassword });
      else void toast.error(isApiError(error) && error.status === 429 ? error.message : M.changeFailed);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4" aria-labelledby="change-password-heading">
      <h3 id="change-password-heading" className="text-base font-semibold text-slate-900">
        {M.passwordTitle}
      </h3>
      <PasswordInput
        label={M.currentPassword}
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <PasswordInput
        label={M.newPassword}
        autoComplete="new-password"
        hint="At least 6 characters."
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordInput
        label={M.confirmPassword}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <CheckboxField label={M.signOutOthers} {...register('revokeOtherSessions')} />
      <Button type="submit" pending={isSubmitting}>
        {M.changePassword}
      </Button>
    </form>
  );
}

function SessionRow({ session }: { session: AccountSession }) {
  const revoke = useRevokeAccountSession();
  const device = describeUserAgent(session.user_agent) ?? M.unknownDevice;
  async function signOut() {
    try {
      await revoke.mutateAsync(session.id);
      void toast.success(M.signedOut);
    } catch {
      void toast.error(M.signOutFailed);
    }
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="account-session">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {device}
          {session.current ? (
            <span className="ml-2 rounded-full bg-teal-100 px-2 py-0.5 text-xs font-semibold text-teal-900">
              {M.thisDevice}
            </span>
          ) : null}
        </p>
        <p className="text-sm text-slate-600">
          {session.ip_address ? `${session.ip_address} · ` : ''}Last active{' '}
          <time dateTime={session.last_active_at}>{formatDateTime(session.last_active_at)}</time> · Signed in{' '}
          <time dateTime={session.created_at}>{formatDateTime(session.created_at)}</time>
        </p>
      </div>
      {session.current ? null : (
        <Button
          size="sm"
          variant="secondary"
          pending={revoke.isPending}
          onClick={signOut}
          aria-label={`${M.signOut}: ${device}, last active ${formatDateTime(session.last_active_at)}`}
        >
          {M.signOut}
        </Button>
      )}
    </li>
  );
}

function Sessions() {
  const sessions = useAccountSessions();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {M.sessionsTitle}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{M.sessionsIntro}</p>
      {sessions.isPending ? (
        <p role="status" className="mt-3 text-sm text-slate-600">
          Loading your sessions…
        </p>
      ) : sessions.isError ? (
        <Alert tone="error" className="mt-3">
          {M.sessionsLoadFailed}
        </Alert>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {sessions.data.sessions.map((s) => (
            <SessionRow key={s.id} session={s} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The profile's password change, two-factor authentication and signed-in sessions (docs/product-rules.md, Password and sessions). */
export function SecuritySection() {
  return (
    <Card className="mt-8 max-w-3xl p-6">
      <section aria-labelledby="security-heading">
        <h2 id="security-heading" className="text-lg font-semibold text-slate-900">
          {M.title}
        </h2>
        <div className="mt-4">
          <ChangePassword />
        </div>
        <TwoFactorSettings />
        <Sessions />
      </section>
    </Card>
  );
}
