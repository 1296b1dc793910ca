import { BRAND } from '@licensewatch/shared/brand';
import { PATHS } from '@licensewatch/shared/web-paths';
import { Link } from 'react-router';
import { LogoMark } from '../components/ui/logo';
import { useBrandName } from '../session/get-app-settings';

const quickLinks = [
  { to: PATHS.features, label: 'Features' },
  { to: PATHS.pricing, label: 'Pricing' },
  { to: PATHS.contact, label: 'Contact' },
];

const legalLinks = [
  { to: PATHS.privacyPolicy, label: 'Privacy Policy' },
  { to: PATHS.terms, label: 'Terms of Service' },
];

const linkClass = 'text-sm text-slate-600 hover:text-teal-800 hover:underline underline-offset-2';

export function Footer() {
  const brandName = useBrandName();
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="md:col-span-2">
          <Link to={PATHS.home} className="inline-flex items-center gap-2 text-lg font-bold text-slate-900">
            <LogoMark className="size-7" />
            {brandName}
          </Link>
          <p className="mt-3 max-w-sm text-sm text-slate-600">{BRAND.tagline}</p>
        </div>
        <nav aria-label="Quick links">
          <h2 className="text-sm font-semibold text-slate-900">Quick Links</h2>
          <ul className="mt-3 space-y-2">
            {quickLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className="text-sm font-semibold text-slate-900">Legal</h2>
          <ul className="mt-3 space-y-2">
            {legalLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-200">
        {/* The prerendered year trails the calendar from New Year until the next build; that is no reason to fail hydration. */}
        <p suppressHydrationWarning className="mx-auto max-w-7xl px-4 py-5 text-xs text-slate-600 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {brandName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
