// The automatic JSX runtime, whatever tsconfig tsx finds from the working directory.
/** @jsxRuntime automatic */
import type { ExclusionSource } from '@licensewatch/shared/exclusions';
import { windowText } from '@licensewatch/shared/expiry-windows';
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

/** A physician with something waiting (docs/product-rules.md, Needs attention), each reason in words. */
export type AttentionPhysician = { name: string; reportUrl: string; reasons: string[] };

/** What the report's Needs attention is made of, with the lists and states it names. */
export type AttentionFacts = {
  excluded: boolean;
  excluded_sources: ExclusionSource[];
  exclusion_reviews: number;
  licenses: { state: string; status: string }[];
  matches: number;
  verifications_due: number;
};

export type WeeklyReminderProps = {
  attention: AttentionPhysician[];
  physicians: ReminderPhysician[];
  dashboardUrl: string;
  profileUrl: string;
  unsubscribeUrl: string;
  /** The user's own workspace's expiry window (expiry-windows.ts): 42 days reads '6 weeks'. */
  expiringWithinDays: number;
};

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

/** The lists as the email names them: whose list it is, not only its acronym. */
const EXCLUSION_LIST_NAMES: Record<ExclusionSource, string> = { leie: 'OIG LEIE', sam: 'SAM.gov' };

/** 'License suspended in TX', 'License on probation in TX', 'License status unknown in TX'. */
function licenseInWords({ state, status }: { state: string; status: string }): string {
  if (status === 'probation') return `License on probation in ${state}`;
  if (status === 'unknown') return `License status unknown in ${state}`;
  return `License ${status} in ${state}`;
}

const countOf = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/**
 * Why a physician needs attention, in words and in the report tile's order (exclusions first):
 * 'Excluded (OIG LEIE)', 'License suspended in TX', '2 possible matches to review',
 * 'Verification by hand due'. Each is resolved on the report page the email links to.
 */
export function attentionInWords(facts: AttentionFacts): string[] {
  const reasons: string[] = [];
  if (facts.excluded) {
    const lists = facts.excluded_sources.map((s) => EXCLUSION_LIST_NAMES[s]);
    reasons.push(lists.length > 0 ? `Excluded (${lists.join(' and ')})` : 'Excluded');
  }
  if (facts.exclusion_reviews > 0)
    reasons.push(
      countOf(facts.exclusion_reviews, 'possible exclusion match to review', 'possible exclusion matches to review'),
    );
  reasons.push(...facts.licenses.map(licenseInWords));
  if (facts.matches > 0) reasons.push(countOf(facts.matches, 'possible match to review', 'possible matches to review'));
  if (facts.verifications_due > 0)
    reasons.push(
      facts.verifications_due === 1
        ? 'Verification by hand due'
        : `${facts.verifications_due} verifications by hand due`,
    );
  return reasons;
}

export function countLicenses(physicians: ReminderPhysician[]): number {
  return physicians.reduce((n, p) => n + p.licenses.length, 0);
}

/** The subject line: the physicians needing attention first, then how many licenses expire, or the all-clear. */
export function weeklyReminderSubject(
  physicians: ReminderPhysician[],
  attention: AttentionPhysician[],
  expiringWithinDays: number,
): string {
  const n = countLicenses(physicians);
  const waiting = attention.length;
  if (waiting > 0) {
    const who = waiting === 1 ? '1 physician needs attention' : `${waiting} physicians need attention`;
    if (n === 0) return who;
    return `${who}, ${n === 1 ? '1 license expires soon' : `${n} licenses expire soon`}`;
  }
  if (n === 0) return `All clear: nothing expires in the next ${windowText(expiringWithinDays)}`;
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

/** The "Needs attention" section: each physician, linked to the report where it is resolved, and why. */
export function AttentionSection({ attention, intro }: { attention: AttentionPhysician[]; intro: string }) {
  return (
    <Section style={{ margin: '0 0 8px' }}>
      <Text style={{ color: '#b91c1c', fontSize: '17px', fontWeight: 700, margin: '0 0 4px' }}>Needs attention</Text>
      <Text style={{ ...small, margin: '0 0 4px' }}>{intro}</Text>
      <table
        role="presentation"
        width="100%"
        cellPadding={0}
        cellSpacing={0}
        style={{ width: '100%', borderCollapse: 'collapse' }}
      >
        <tbody>
          {attention.map((physician) => (
            <tr key={physician.reportUrl}>
              <td style={cell}>
                <Text style={{ color: '#0f172a', fontSize: '15px', fontWeight: 600, lineHeight: '20px', margin: 0 }}>
                  <Link href={physician.reportUrl} style={{ color: '#0f172a', textDecoration: 'underline' }}>
                    {physician.name}
                  </Link>
                </Text>
                {physician.reasons.map((reason) => (
                  <Text key={reason} style={small}>
                    {reason}
                  </Text>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

/**
 * The Monday reminder (docs/product-rules.md, Alerts): first the physicians who need attention
 * (excluded, a license suspended, matches to review, a verification by hand due), then per
 * physician the licenses expiring within their own workspace's window (six weeks unless they chose
 * another) and those already expired but still tracked, expired first; or the all-clear the user asked for. One column of text in a full-width table, so
 * it reads the same on a phone.
 */
export function WeeklyReminderEmail({
  attention,
  physicians,
  dashboardUrl,
  profileUrl,
  unsubscribeUrl,
  expiringWithinDays,
}: WeeklyReminderProps) {
  const n = countLicenses(physicians);
  const subject = weeklyReminderSubject(physicians, attention, expiringWithinDays);
  const within = windowText(expiringWithinDays);
  const brandName = useBrandName();
  const allClear = n === 0 && attention.length === 0;
  return (
    <EmailLayout
      preview={subject}
      heading={allClear ? 'All clear this week' : subject}
      action={{ label: `Open ${brandName}`, href: dashboardUrl }}
      footer={
        <Section>
          <Text style={{ color: '#64748b', fontSize: '12px', lineHeight: '18px' }}>
            You get this email every Monday because the weekly email report is on for your {brandName} account. It lists
            physicians who need attention, tracked licenses that expire within the next {within} and those already
            expired.{' '}
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
      {attention.length > 0 ? (
        <AttentionSection
          attention={attention}
          intro="Something about these physicians waits for you to act. Open each report to resolve it."
        />
      ) : null}
      {allClear ? (
        <Text>
          None of the licenses you track expires in the next {within}, and none has expired. We will tell you again next
          Monday.
        </Text>
      ) : n === 0 ? (
        <Text>None of the licenses you track expires in the next {within}, and none has expired.</Text>
      ) : (
        <Text>
          These licenses you track expire within the next {within} or have already expired. Renew them with their board
          before they lapse.
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
