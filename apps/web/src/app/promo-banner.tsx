import { BANNER_STORAGE_KEYS } from '@licensewatch/shared/banners';
import { OFFER } from '@licensewatch/shared/offer';
import { PATHS } from '@licensewatch/shared/web-paths';
import { Link } from 'react-router';
import { useDismissed } from '../lib/use-dismissed';
import { useBrandName } from '../session/get-app-settings';
import { DismissButton } from './dismiss-button';

export function PromoBanner() {
  const [dismissed, dismiss] = useDismissed(BANNER_STORAGE_KEYS.promo);
  const brandName = useBrandName();
  if (dismissed) return null;
  return (
    <div data-banner="promo" className="bg-gradient-to-r from-teal-800 to-sky-800 text-white">
      {/* On a phone one short line beside a 44 px dismiss target, so the two banners stay compact. */}
      <div className="mx-auto flex max-w-7xl items-center gap-2 pl-4 sm:gap-3 sm:px-6 lg:px-8">
        <p className="min-w-0 flex-1 truncate text-center text-[13px] sm:overflow-visible sm:text-sm sm:whitespace-normal">
          <span className="font-semibold sm:hidden">{OFFER.trialShort}</span>
          <span className="hidden sm:inline">
            <span className="font-semibold">{brandName}:</span> {OFFER.trial}
          </span>{' '}
          <Link to={PATHS.pricing} className="font-semibold whitespace-nowrap underline underline-offset-2">
            Compare plans
          </Link>
        </p>
        <DismissButton label="Dismiss promotion" onClick={dismiss} tone="dark" />
      </div>
    </div>
  );
}
