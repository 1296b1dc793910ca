// The automatic JSX runtime, whatever tsconfig tsx finds from the working directory.
/** @jsxRuntime automatic */
import { EXPIRING_WITHIN_DAYS } from '@licensewatch/shared/licenses';
import { Link, Section, Text } from '@react-email/components';
import { useBrandName } from '../../../platform/mail/brand-name.ts';
import { EmailLayout } from '../../../platform/mail/email-layout.tsx';

export type ReminderLicense = {
  stateName: string;
  licenseNumber: string;
  licenseType: string;
  /** YYYY-MM-DD */
  expiryDate: string;
  /** Days from the user's local today; negative: expired that many days ago. */
  daysLeft: number;
  /** The board's site (its renewal and look-up pages), else the report in our app. */
  renewUrl: string;
};

export type ReminderPhysician = { name: string; reportUrl: string; licenses: ReminderLicense[] };

export type WeeklyReminderProps = {
  physicians: ReminderPhysician[];
  dashboardUrl: string;
  profileUrl: string;
  unsubscribeUrl: string;
};

const WEEKS = EXPIRING_WITHIN_DAYS / 7;

/** 'Expired 3 days ago', 'Expires today', '12 days left': said in words, never by colour alone. */
export function daysLeftInWords(days: number): string {
  if (days < -1) return `Expired ${-days} days ago`;
  if (days === -1) return 'Expired yesterday';
  if (days === 0) return 'Expires today';
  if (days === 1) return '1 day left';
  return `${days} days left`;
}

export function formatExpiry(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}

export function countLicenses(physicians: ReminderPhysician[]): number {
  return physicians.reduce((n, p) => n + p.licenses.length, 0);
}

/** The subject line: how many licenses need attention, or the all-clear. */
export function weeklyReminderSubject(physicians: ReminderPhysician[]): string {
  const n = countLicenses(physicians);
  if (n === 0) return `All clear: nothing expires in the next ${WEEKS} weeks`;
  return n === 1 ? '1 license needs attention this week' : `${n} licenses need attention this week`;
}

const cell = { padding: '10px 8px 10px 0', borderBottom: '1px solid #e2e8f0', verticalAlign: 'top' } as const;
const small = { color: '#475569', fontSize: '13px', lineHeight: '18px', margin: 0 } as const;

function LicenseRow({ license }: { license: ReminderLicense }) {
  const expired = license.daysLeft < 0;
  return (
    <tr>
      <td style={cell}>
        <Text style={{ color: '#0f172a', fontSize: '15px', fontWeight: 600, lineHeight: '20px', margin: 0 }}>
          {license.stateName}
        </Text>
        <Text style={small}>
          {license.licenseType} license {license.licenseNumber}
        </Text>
        <Text style={small}>
          {expired ? 'Expired on' : 'Expires on'} {formatExpiry(license.expiryDate)}
        </Text>
      </td>
      <td style={{ ...cell, paddingRight: 0, textAlign: 'right' }}>
        <Text
          style={{
            color: expired ? '#b91c1c' : '#0f172a',
            fontSize: '14px',
            fontWeight: 600,
            lineHeight: '20px',
            margin: 0,
          }}
        >
          {daysLeftInWords(license.daysLeft)}
        </Text>
        <Text style={{ ...small, marginTop: '4px' }}>
          <Link href={license.renewUrl} style={{ color: '#0f766e', textDecoration: 'underline' }}>
            Renew
          </Link>
        </Text>
      </td>
    </tr>
  );
}

/**
 * The Monday reminder (docs/product-rules.md, Alerts): per physician, the licenses expiring within
 * six weeks and those already expired but still tracked, expired first; or the all-clear the user
 * asked for. One column of text in a full-width table, so it reads the same on a phone.
 */
export function WeeklyReminderEmail({ physicians, dashboardUrl, profileUrl, unsubscribeUrl }: WeeklyReminderProps) {
  const n = countLicenses(physicians);
  const subject = weeklyReminderSubject(physicians);
  const brandName = useBrandName();
  return (
    <EmailLayout
      preview={subject}
      heading={n === 0 ? 'All clear this week' : subject}
      action={{ label: `Open ${brandName}`, href: dashboardUrl }}
      footer={
        <Section>
          <Text style={{ color: '#64748b', fontSize: '12px', lineHeight: '18px' }}>
            You get this email every Monday because the weekly email report is on for your {brandName} account. It lists
            tracked licenses that expire within the next {WEEKS} weeks and those already expired.{' '}
            <Link href={profileUrl} style={{ color: '#0f766e' }}>
              Change your email settings
            </Link>{' '}
            or{' '}
            <Link href={unsubscribeUrl} style={{ color: '#0f766e' }}>
              unsubscribe from this email
            </Link>
            .
          </Text>
        </Section>
      }
    >
      {n === 0 ? (
        <Text>
          None of the licenses you track expires in the next {WEEKS} weeks, and none has expired. We will tell you again
          next Monday.
        </Text>
      ) : (
        <Text>
          These licenses you track expire within the next {WEEKS} weeks or have already expired. Renew them with their
          board before they lapse.
        </Text>
      )}
      {physicians.map((physician) => (
        <Section key={physician.reportUrl} style={{ margin: '20px 0 0' }}>
          <Text style={{ color: '#0f172a', fontSize: '17px', fontWeight: 700, margin: '0 0 4px' }}>
            <Link href={physician.reportUrl} style={{ color: '#0f172a', textDecoration: 'none' }}>
              {physician.name}
            </Link>
          </Text>
          <table
            role="presentation"
            width="100%"
            cellPadding={0}
            cellSpacing={0}
            style={{ width: '100%', borderCollapse: 'collapse' }}
          >
            <tbody>
              {physician.licenses.map((license) => (
                <LicenseRow key={`${license.stateName}-${license.licenseNumber}`} license={license} />
              ))}
            </tbody>
          </table>
        </Section>
      ))}
    </EmailLayout>
  );
}
