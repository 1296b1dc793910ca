import { BRAND } from '@licensewatch/shared/brand';
import { PATHS } from '@licensewatch/shared/web-paths';
import { Link } from 'react-router';
import { useBrandName } from '../../../session/get-app-settings';
import { LegalPage, type LegalSection } from './legal-page';

/** The sections, naming the service as the operator does (application_name). */
const sectionsFor = (brandName: string): LegalSection[] => [
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    body: (
      <>
        <p>We collect only what we need to run your account and your license reports:</p>
        <ul>
          <li>Account details you give us: email address, full name, organization, user type and phone number.</li>
          <li>Report inputs: the physician names, license types and states you ask us to track.</li>
          <li>
            If you tell us you are interested in API access: your intended use, expected call volume and preferred data
            format.
          </li>
          <li>Technical data needed for security, such as sign-in times, IP address and browser type.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How We Use Your Information',
    body: (
      <p>
        We use your information to create and refresh license reports, send the alerts you choose, secure your account,
        answer support requests and improve the service. We do not use your information for advertising, and we do not
        sell it.
      </p>
    ),
  },
  {
    id: 'public-license-data',
    title: 'Public License Data',
    body: (
      <p>
        License details shown in reports (license number, status, issue and expiry dates) come from public records
        published by state medical and osteopathic boards and public registries such as the NPI Registry. We store
        copies of these records to detect changes over time. Boards remain the authoritative source.
      </p>
    ),
  },
  {
    id: 'communications',
    title: 'Email and SMS Communications',
    body: (
      <p>
        Alerts are sent by email, typically weekly (every Monday, for licenses expiring within the next six weeks), and
        by SMS if you turn on renewal notices and give us a phone number. We also send messages about your account, such
        as confirmation and password-reset emails. You can switch alerts off at any time from your profile.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'How We Share Information',
    body: (
      <>
        <p>We share information only with service providers that help us run {brandName}, under contract:</p>
        <ul>
          <li>hosting and database providers;</li>
          <li>email and SMS delivery providers;</li>
          <li>a payment processor, if you subscribe to a paid plan;</li>
          <li>spreadsheet or database services you connect for report exports.</li>
        </ul>
        <p>We may also disclose information when the law requires it.</p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Data Security',
    body: (
      <p>
        Passwords are stored only as strong one-way hashes, sessions use secure cookies, API keys are encrypted at rest,
        and all traffic is encrypted in transit. No system is perfectly secure; we will notify affected users promptly
        if a breach affects their information.
      </p>
    ),
  },
  {
    id: 'retention-and-choices',
    title: 'Data Retention and Your Choices',
    body: (
      <p>
        We keep your account data for as long as your account is open. You can update your profile at any time, and you
        can ask us to export or delete your data by writing to{' '}
        <a href={`mailto:${BRAND.supportEmail}`} className="font-medium text-teal-800 underline">
          {BRAND.supportEmail}
        </a>
        . Deleting your account removes your reports and stops all alerts.
      </p>
    ),
  },
  {
    id: 'children',
    title: "Children's Privacy",
    body: (
      <p>
        {brandName} is a professional service and is not intended for anyone under 18. We do not knowingly collect
        information from people under 18; if we learn that we have, we delete it.
      </p>
    ),
  },
  {
    id: 'changes-and-contact',
    title: 'Changes to This Policy and Contact',
    body: (
      <p>
        We will post any change to this policy on this page with a new effective date, and tell you by email about
        significant changes. Questions? Email{' '}
        <a href={`mailto:${BRAND.supportEmail}`} className="font-medium text-teal-800 underline">
          {BRAND.supportEmail}
        </a>{' '}
        or use our{' '}
        <Link to={PATHS.contact} className="font-medium text-teal-800 underline">
          contact page
        </Link>
        .
      </p>
    ),
  },
];

export function PrivacyPolicyPage() {
  const brandName = useBrandName();
  return (
    <LegalPage
      title="Privacy Policy"
      effective="September 16, 2025"
      intro={
        <p>
          This policy explains what information {brandName} collects, how we use it and the choices you have. It applies
          to our website, web application and API.
        </p>
      }
      sections={sectionsFor(brandName)}
    />
  );
}
