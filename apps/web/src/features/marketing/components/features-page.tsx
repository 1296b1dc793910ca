import { OFFER } from '@licensewatch/shared/offer';
import { PATHS } from '@licensewatch/shared/web-paths';
import { BellIcon, CalendarIcon, CodeIcon, FileIcon, MapIcon, PulseIcon } from '../../../components/icons';
import { ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { PageHeader } from '../../../components/ui/page-header';
import { useBrandName, useRegistrationOpen } from '../../../session/get-app-settings';
import { useMe } from '../../../session/get-me';
import { PageTitle } from '../../../session/page-title';
import { FeatureCard } from './feature-card';
import { WalkthroughVideo } from './walkthrough-video';

const steps = [
  { title: 'Create a report', body: 'Enter the physician’s name, license type (MD or DO) and the states to search.' },
  { title: 'We find the licenses', body: 'Board records from every selected state are matched to the physician.' },
  { title: 'Stay ahead of renewals', body: 'Status and dates refresh automatically and reminders arrive on time.' },
];

/** Its own component so the session arriving re-renders this link, not the whole page (and its video). */
function GetStartedLink() {
  const me = useMe();
  // Closed sign-up (an operator setting): Get Started leads to sign-in instead.
  const registrationOpen = useRegistrationOpen();
  return (
    <ButtonLink
      to={me.data ? PATHS.dashboard : registrationOpen ? PATHS.signup : PATHS.login}
      variant="inverse"
      size="lg"
    >
      Get Started
    </ButtonLink>
  );
}

export function FeaturesPage() {
  const brandName = useBrandName();
  return (
    <Container className="py-12 sm:py-16">
      <PageTitle title="Features" />
      <PageHeader
        title="Features"
        description={`Everything ${brandName} does to keep your medical licenses current, in one place.`}
      />

      <section aria-labelledby="walkthrough" className="mb-14">
        <h2 id="walkthrough" className="sr-only">
          Product walkthrough
        </h2>
        <div className="mx-auto max-w-4xl">
          <WalkthroughVideo />
        </div>
      </section>

      <section aria-labelledby="how-it-works" className="rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:p-10">
        <h2 id="how-it-works" className="text-2xl font-bold text-slate-900">
          How it works
        </h2>
        <ol className="mt-6 grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-teal-700 font-bold text-white">
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-1 text-sm text-slate-600">{step.body}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="feature-list" className="mt-14">
        <h2 id="feature-list" className="text-2xl font-bold text-slate-900">
          What you get
        </h2>
        <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          <FeatureCard icon={<MapIcon />} title="All 50 states and D.C.">
            Every state medical and osteopathic board from a single form, with a Select All shortcut: read automatically
            wherever the board allows it, and a guided check by hand, with its evidence kept, where a board admits only
            people.
          </FeatureCard>
          <FeatureCard icon={<PulseIcon />} title="Live license status">
            Active, expired and suspended licenses are flagged clearly, with the date each record was last checked.
          </FeatureCard>
          <FeatureCard icon={<CalendarIcon />} title="Renewal timeline">
            Issue and expiry dates for every license, grouped by state, so renewals never surprise you.
          </FeatureCard>
          <FeatureCard icon={<BellIcon />} title="Weekly reminders">
            Every Monday we email you the licenses expiring within six weeks, or the window you choose. SMS notices are
            available too. {OFFER.alerts}
          </FeatureCard>
          <FeatureCard icon={<FileIcon />} title="Spreadsheet exports">
            Download a report, or every license of a roster, as CSV or Excel to share with credentialing staff.
          </FeatureCard>
          <FeatureCard icon={<CodeIcon />} title="License search API">
            Business plans include an API to search licenses by name, state or license number.
          </FeatureCard>
        </div>
      </section>

      <div className="mt-14 flex flex-col items-center gap-4 rounded-2xl bg-teal-800 px-6 py-10 text-center text-white">
        <h2 className="text-2xl font-bold">Start tracking your licenses today</h2>
        <p className="max-w-xl text-teal-50">
          {OFFER.free} {OFFER.trial}
        </p>
        <GetStartedLink />
      </div>
    </Container>
  );
}
