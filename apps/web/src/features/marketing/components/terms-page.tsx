import { BRAND } from '@licensewatch/shared/brand';
import { PATHS } from '@licensewatch/shared/web-paths';
import { Link } from 'react-router';
import { useBrandName } from '../../../session/get-app-settings';
import { LegalPage, type LegalSection } from './legal-page';

/** The sections, naming the service as the operator does (application_name). */
const sectionsFor = (brandName: string): LegalSection[] => [
  {
    id: 'acceptance',
    title: 'Acceptance of Terms',
    body: (
      <p>
        By accessing or using {brandName} you agree to these Terms of Service. If you use the service on behalf of an
        organization, you accept these terms for that organization.
      </p>
    ),
  },
  {
    id: 'the-service',
    title: 'The Service',
    body: (
      <p>
        {brandName} compiles publicly available medical license information into reports, sends renewal reminders and
        offers a license-search API to business customers. Features may change while the product is in beta.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts',
    body: (
      <p>
        You must be at least 18, give accurate information and keep your credentials secure. You are responsible for
        activity under your account and your API keys.
      </p>
    ),
  },
  {
    id: 'data-accuracy',
    title: 'Data Accuracy',
    body: (
      <p>
        License data comes from state boards and public registries that we do not control. We do not warrant that it is
        complete or current, and it is not a substitute for primary-source verification. You remain responsible for
        renewing your licenses on time.
      </p>
    ),
  },
  {
    id: 'plans-and-payment',
    title: 'Plans, Credits and Payment',
    body: (
      <p>
        Paid plans renew monthly until cancelled. Report and API credits are tied to your plan and do not carry over
        unless we say otherwise. Prices are shown on the{' '}
        <Link to={PATHS.pricing} className="font-medium text-teal-800 underline">
          pricing page
        </Link>
        .
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable Use',
    body: (
      <p>
        Do not misuse the service: no scraping outside the API, no attempts to break security or rate limits, and no use
        of license data to harass or discriminate against anyone. We may suspend accounts that break these rules.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Disclaimers and Limitation of Liability',
    body: (
      <p>
        The service is provided &quot;as is&quot;. To the extent permitted by law, our liability is limited to the fees
        you paid in the twelve months before a claim, and we are not liable for indirect or consequential losses.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and Contact',
    body: (
      <p>
        We may update these terms and will post the new effective date here. Contact us at{' '}
        <a href={`mailto:${BRAND.supportEmail}`} className="font-medium text-teal-800 underline">
          {BRAND.supportEmail}
        </a>
        .
      </p>
    ),
  },
];

export function TermsPage() {
  const brandName = useBrandName();
  return (
    <LegalPage
      title="Terms of Service"
      effective="March 7, 2025"
      intro={
        <p>
          These terms govern your use of {brandName}. Please also read our{' '}
          <Link to={PATHS.privacyPolicy} className="font-medium text-teal-800 underline">
            Privacy Policy
          </Link>
          .
        </p>
      }
      sections={sectionsFor(brandName)}
    />
  );
}
