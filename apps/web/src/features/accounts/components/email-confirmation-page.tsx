import { MESSAGES } from '@licensewatch/shared/messages';
import { PATHS } from '@licensewatch/shared/web-paths';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { AuthCard, textLinkClass } from './auth-card';

export function EmailConfirmationPage() {
  const location = useLocation();
  const email = (location.state as { email?: unknown } | null)?.email;

  return (
    <AuthCard title={MESSAGES.signup.checkEmail}>
      <div className="space-y-4 text-center text-sm text-slate-600">
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-teal-50 text-teal-700">
          <svg
            viewBox="0 0 24 24"
            className="size-7"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            aria-hidden="true"
          >
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="m3.5 6.5 8.5 6 8.5-6" strokeLinejoin="round" />
          </svg>
        </div>
        <p>
          We sent a confirmation link to{' '}
          {typeof email === 'string' && email ? (
            <span className="font-semibold text-slate-900">{email}</span>
          ) : (
            'your email address'
          )}
          . Click it to activate your account, then sign in.
        </p>
        <p>
          Can&apos;t find it? Check your spam folder. The link is valid for 24 hours; signing in after that sends a new
          one.
        </p>
        {import.meta.env.DEV ? (
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-xs">
            Developing without SMTP? Captured emails are in the{' '}
            <Link to={PATHS.devOutbox} className={textLinkClass}>
              dev outbox
            </Link>
            .
          </p>
        ) : null}
        <Link to={PATHS.login} className={buttonClasses('primary', 'lg', 'mt-2 w-full')}>
          Back to Sign In
        </Link>
      </div>
    </AuthCard>
  );
}
