import { BANNER_STORAGE_KEYS } from '@licensewatch/shared/banners';
import { BRAND } from '@licensewatch/shared/brand';
import { PATHS } from '@licensewatch/shared/web-paths';
import { Link } from 'react-router';
import { useDismissed } from '../lib/use-dismissed';
import { DismissButton } from './dismiss-button';

export function BetaBanner() {
  const [dismissed, dismiss] = useDismissed(BANNER_STORAGE_KEYS.beta);
  if (dismissed) return null;
  return (
    <div data-banner="beta" className="border-b border-emerald-200 bg-emerald-50 text-emerald-900">
      {/* On a phone one short line beside a 44 px dismiss target, so the two banners stay compact. */}
      <div className="mx-auto flex max-w-7xl items-center gap-2 pl-4 sm:gap-3 sm:px-6 lg:px-8">
        <span className="shrink-0 rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-bold tracking-wide text-white uppercase">
          Beta
        </span>
        <p className="min-w-0 flex-1 truncate text-[13px] sm:hidden">
          Feedback?{' '}
          <a href={`mailto:${BRAND.supportEmail}`} className="font-semibold underline underline-offset-2">
            Email us
          </a>{' '}
          or{' '}
          <Link to={PATHS.contact} className="font-semibold underline underline-offset-2">
            contact us
          </Link>
        </p>
        <p className="hidden flex-1 text-sm sm:block">
          We&apos;re in beta and your feedback shapes what comes next. Email{' '}
          <a href={`mailto:${BRAND.supportEmail}`} className="font-semibold underline underline-offset-2">
            {BRAND.supportEmail}
          </a>{' '}
          or use our{' '}
          <Link to={PATHS.contact} className="font-semibold underline underline-offset-2">
            contact page
          </Link>
          .
        </p>
        <DismissButton label="Dismiss beta notice" onClick={dismiss} tone="light" />
      </div>
    </div>
  );
}
