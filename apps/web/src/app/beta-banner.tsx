import { BANNER_STORAGE_KEYS } from '@licensewatch/shared/banners';
import { BRAND } from '@licensewatch/shared/brand';
import { Link } from 'react-router';
import { PATHS } from '../lib/paths';
import { useDismissed } from '../lib/use-dismissed';
import { DismissButton } from './dismiss-button';

export function BetaBanner() {
  const [dismissed, dismiss] = useDismissed(BANNER_STORAGE_KEYS.beta);
  if (dismissed) return null;
  return (
    <div data-banner="beta" className="border-b border-emerald-200 bg-emerald-50 text-emerald-900">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2 sm:px-6 lg:px-8">
        <span className="hidden shrink-0 rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-bold tracking-wide text-white uppercase sm:inline">
          Beta
        </span>
        <p className="flex-1 text-sm">
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
