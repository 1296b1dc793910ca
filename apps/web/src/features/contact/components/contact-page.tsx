import { BRAND } from '@licensewatch/shared/brand';
import { CONTACT_HOURS } from '@licensewatch/shared/contact-messages';
import { PATHS } from '@licensewatch/shared/web-paths';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ClockIcon, CodeIcon, MailIcon } from '../../../components/icons';
import { Container } from '../../../components/ui/container';
import { PageHeader } from '../../../components/ui/page-header';
import { PageTitle } from '../../../session/page-title';
import { useContactOffice } from '../api/get-contact-office';
import { ContactForm } from './contact-form';
import { OfficeMap } from './office-map';

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-teal-50 text-teal-700">
        {icon}
      </div>
      <div>
        <h2 className="font-semibold text-slate-900">{title}</h2>
        <div className="mt-1 text-sm leading-relaxed text-slate-600">{children}</div>
      </div>
    </div>
  );
}

/**
 * The office comes from the server's configuration, so the prerendered page cannot know it: the
 * column fills in when the answer arrives (beside the form, or below it on a phone, so nothing
 * above it moves) and stays empty on an install without an office.
 */
function OfficeSection() {
  const office = useContactOffice().data?.office;
  if (!office) return null;
  return (
    <section aria-labelledby="office-title" className="lg:col-span-2">
      <h2 id="office-title" className="mb-3 text-xl font-semibold text-slate-900">
        Our office
      </h2>
      <OfficeMap office={office} />
    </section>
  );
}

export function ContactPage() {
  return (
    <Container className="py-12 sm:py-16">
      <PageTitle title="Contact" />
      <PageHeader
        title="Contact Us"
        description="Questions about your licenses, your plan or our API? We read every message and usually reply within one business day."
      />
      <div className="grid gap-6 md:grid-cols-3">
        <InfoCard icon={<MailIcon />} title="Email">
          <a href={`mailto:${BRAND.supportEmail}`} className="font-medium text-teal-800 underline underline-offset-2">
            {BRAND.supportEmail}
          </a>
          <p className="mt-1">For support, feedback on the beta, and privacy requests.</p>
        </InfoCard>
        <InfoCard icon={<ClockIcon />} title="Office hours">
          <p>{CONTACT_HOURS}</p>
          <p className="mt-1">Messages sent outside these hours are answered the next business day.</p>
        </InfoCard>
        <InfoCard icon={<CodeIcon />} title="Business and API">
          <p>
            Need API access or a plan for a group practice? See{' '}
            <Link to={PATHS.businessPricing} className="font-medium text-teal-800 underline underline-offset-2">
              Business Plans
            </Link>{' '}
            or email us with your expected volume.
          </p>
        </InfoCard>
      </div>
      <div className="mt-10 grid gap-8 lg:grid-cols-5">
        <section
          aria-labelledby="contact-form-title"
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3"
        >
          <h2 id="contact-form-title" className="text-xl font-semibold text-slate-900">
            Send us a message
          </h2>
          <p className="mt-1 mb-6 text-sm text-slate-600">All fields are required.</p>
          <ContactForm />
        </section>
        <OfficeSection />
      </div>
    </Container>
  );
}
