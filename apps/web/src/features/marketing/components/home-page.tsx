import { OFFER } from '@licensewatch/shared/offer';
import { PATHS } from '@licensewatch/shared/web-paths';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  BellIcon,
  CalendarIcon,
  CheckIcon,
  IdCardIcon,
  LayersIcon,
  LockIcon,
  PulseIcon,
  SparkleIcon,
  StethoscopeIcon,
} from '../../../components/icons';
import { ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { useBrandName, useRegistrationOpen } from '../../../session/get-app-settings';
import { useMe } from '../../../session/get-me';
import { PageTitle } from '../../../session/page-title';
import { sampleLicenses } from '../sample-licenses';
import { FeatureCard } from './feature-card';

const statusStyles: Record<string, string> = {
  Active: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  Expiring: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  Expired: 'bg-red-50 text-red-800 ring-red-600/20',
};

/** `YYYY-MM-DD` as a local date, the way the example is computed. */
function localDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1);
}

/**
 * An illustration of a report, so the hero shows the product instead of describing it. Its dates
 * count from today; until the app takes over the prerendered page they count from the build's
 * day, which the HTML was drawn on (React's first render must match it).
 */
function ReportPreview() {
  // useState + useEffect rather than lib/use-hydrated: the same effect without another script
  // chunk on the home page's first load (docs/budgets.md, Web app).
  const [today, setToday] = useState(() => localDay(__BUILD_DAY__));
  useEffect(() => setToday(new Date()), []);
  const licenses = sampleLicenses(today);
  const renewing = licenses.find((license) => license.status === 'Expiring');
  return (
    <div
      className="relative rounded-2xl border border-slate-200 bg-white p-5 shadow-xl shadow-slate-900/5"
      aria-hidden="true"
    >
      <div className="flex items-center justify-between">
        <div>
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Example license report</p>
          <p className="mt-0.5 font-semibold text-slate-900">Dr. Maya R. Patel, MD</p>
        </div>
        <span className="rounded-full bg-teal-50 px-2.5 py-1 text-xs font-semibold text-teal-800">4 states</span>
      </div>
      <ul className="mt-4 divide-y divide-slate-100">
        {licenses.map((license) => (
          <li key={license.state} className="flex items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900">{license.state}</p>
              <p className="text-xs text-slate-500">
                #{license.number} · expires {license.expires}
              </p>
            </div>
            <span
              className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusStyles[license.status]}`}
            >
              {license.status}
            </span>
          </li>
        ))}
      </ul>
      {renewing ? (
        <div className="mt-3 flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900">
          <BellIcon />
          {renewing.state} renewal due in 6 weeks — reminder sent Monday.
        </div>
      ) : null}
      <p className="mt-3 text-center text-xs text-slate-500">Sample data for illustration, not a real physician.</p>
    </div>
  );
}

/** Its own component so the session arriving re-renders these buttons, not the whole page. */
function HeroActions() {
  const me = useMe();
  const signedIn = Boolean(me.data);
  // Closed sign-up (an operator setting): a visitor is offered Sign In alone.
  const registrationOpen = useRegistrationOpen();
  return (
    <div className="mt-8 flex flex-wrap gap-3">
      {signedIn || registrationOpen ? (
        <ButtonLink to={signedIn ? PATHS.dashboard : PATHS.signup} size="lg">
          Get Started
        </ButtonLink>
      ) : null}
      {me.isPending || signedIn ? null : (
        <ButtonLink to={PATHS.login} size="lg" variant="secondary">
          Sign In
        </ButtonLink>
      )}
    </div>
  );
}

export function HomePage() {
  const brandName = useBrandName();
  return (
    <>
      <PageTitle />
      <section className="relative overflow-hidden bg-gradient-to-b from-teal-50/70 via-white to-white">
        <Container className="grid items-center gap-12 py-16 sm:py-24 lg:grid-cols-2">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-teal-200 bg-white px-3 py-1 text-xs font-semibold text-teal-800">
              <StethoscopeIcon />
              For physicians and credentialing teams
            </p>
            <h1 className="mt-6 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
              Simplify Medical License Management
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-600">
              {brandName} gathers your MD and DO licenses from the boards of all 50 states and Washington, D.C. —
              automatically wherever a board allows it, with a guided check by hand where it admits only people — keeps
              their status and renewal dates current, and reminds you before anything lapses.
            </p>
            <HeroActions />
            <p className="mt-4 max-w-xl text-sm text-slate-500">
              {OFFER.free} {OFFER.trial}
            </p>
          </div>
          <ReportPreview />
        </Container>
      </section>

      <section aria-labelledby="what-we-do" className="py-16 sm:py-20">
        <Container>
          <div className="max-w-2xl">
            <h2 id="what-we-do" className="text-3xl font-bold tracking-tight text-slate-900">
              What We Do
            </h2>
            <p className="mt-3 text-slate-600">
              One report per physician pulls every public license record we can find and keeps watching it for you.
            </p>
          </div>
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            <FeatureCard icon={<IdCardIcon />} title="License Type">
              MD and DO licenses side by side, with the license number and issuing board for every state.
            </FeatureCard>
            <FeatureCard icon={<PulseIcon />} title="License Status">
              See at a glance which licenses are active, expired or suspended, refreshed from board data.
            </FeatureCard>
            <FeatureCard icon={<CalendarIcon />} title="Important Dates">
              Issue and renewal dates in one timeline, so no expiry is buried in a board website.
            </FeatureCard>
            <FeatureCard icon={<BellIcon />} title="Smart Alerts">
              A Monday email lists licenses expiring within six weeks (or the window you choose), with optional SMS
              renewal notices. {OFFER.alerts}
            </FeatureCard>
          </div>
        </Container>
      </section>

      <section aria-labelledby="why-choose" className="bg-slate-50 py-16 sm:py-20">
        <Container>
          <div className="max-w-2xl">
            <h2 id="why-choose" className="text-3xl font-bold tracking-tight text-slate-900">
              Why Choose {brandName}
            </h2>
            <p className="mt-3 text-slate-600">
              For physicians, practice managers and credentialing teams who cannot afford a lapsed license.
            </p>
          </div>
          <div className="mt-10 grid gap-6 sm:grid-cols-2">
            <FeatureCard icon={<StethoscopeIcon />} title="Evidence with Every License">
              Each license shows its board, how it was read and when; a verification document carries a link anyone can
              use to confirm it.
            </FeatureCard>
            <FeatureCard icon={<LayersIcon />} title="Comprehensive & Accurate">
              Coverage of all 50 states and D.C., matched carefully by name, middle name and license type.
            </FeatureCard>
            <FeatureCard icon={<SparkleIcon />} title="User-Centric Design">
              A clear report per physician, CSV and Excel exports, and nothing you have to learn twice.
            </FeatureCard>
            <FeatureCard icon={<BellIcon />} title="Proactive Alerts">
              Reminders arrive weeks before a deadline, not the day after a license lapses.
            </FeatureCard>
          </div>
        </Container>
      </section>

      <section aria-labelledby="privacy" className="py-16 sm:py-20">
        <Container>
          <div className="flex flex-col gap-6 rounded-2xl border border-teal-100 bg-teal-50/60 p-8 sm:flex-row sm:items-center sm:p-10">
            <div className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-white text-teal-700 shadow-sm">
              <LockIcon />
            </div>
            <div className="flex-1">
              <h2 id="privacy" className="text-2xl font-bold text-slate-900">
                Our privacy commitment
              </h2>
              <p className="mt-2 text-slate-700">
                We work from public board records, never sell your information, and only contact you about the licenses
                you track.{' '}
                <Link to={PATHS.privacyPolicy} className="font-semibold text-teal-800 underline underline-offset-2">
                  Read our Privacy Policy
                </Link>
                .
              </p>
            </div>
          </div>
        </Container>
      </section>

      <section aria-labelledby="about" className="bg-slate-900 py-16 text-white sm:py-20">
        <Container className="grid gap-12 lg:grid-cols-2">
          <div>
            <h2 id="about" className="text-3xl font-bold tracking-tight">
              About Us
            </h2>
            <h3 className="mt-6 text-lg font-semibold text-teal-300">Our mission</h3>
            <p className="mt-2 leading-relaxed text-slate-300">
              Give every physician and practice administrator an accurate, always-current picture of their licenses, so
              time goes to patients instead of board websites.
            </p>
            <h3 className="mt-6 text-lg font-semibold text-teal-300">Our commitment</h3>
            <p className="mt-2 leading-relaxed text-slate-300">
              Transparent sources, careful matching, and alerts you can rely on. When a board site is down we say so
              rather than guess.
            </p>
          </div>
          <ul className="grid content-center gap-4 sm:grid-cols-2">
            {['All 50 states + D.C.', 'MD and DO licenses', 'OIG and SAM exclusion screening', OFFER.trialBadge].map(
              (badge) => (
                <li key={badge} className="flex items-center gap-3 rounded-xl bg-white/5 p-4 ring-1 ring-white/10">
                  <span className="flex size-8 items-center justify-center rounded-full bg-teal-500/20 text-teal-300">
                    <CheckIcon />
                  </span>
                  <span className="font-medium">{badge}</span>
                </li>
              ),
            )}
          </ul>
        </Container>
      </section>
    </>
  );
}
