// The automatic JSX runtime, whatever tsconfig tsx finds from the working directory.
/** @jsxRuntime automatic */
import { licenseStatusLabel } from '@licensewatch/shared/licenses';
import type { RosterCounts } from '@licensewatch/shared/roster';
import { ROSTER_MESSAGES } from '@licensewatch/shared/roster-messages';
import { Link, Section, Text } from '@react-email/components';
import { useBrandName } from '../../../platform/mail/brand-name.ts';
import { EmailLayout } from '../../../platform/mail/email-layout.tsx';
import { type AttentionPhysician, AttentionSection, daysLeftInWords, formatExpiry } from './weekly-reminder-email.tsx';

export type SummaryExpiring = {
  physician: string;
  stateName: string;
  licenseNumber: string;
  /** YYYY-MM-DD */
  expiryDate: string;
  daysLeft: number;
  reportUrl: string;
};

export type SummaryStatusChange = {
  physician: string;
  stateName: string;
  licenseNumber: string;
  before: string | null;
  after: string | null;
  /** YYYY-MM-DD */
  day: string;
  reportUrl: string;
};

export type RosterSummaryProps = {
  organisationName: string;
  /** The first physicians needing attention (the excluded first), and how many there are in all. */
  attention: AttentionPhysician[];
  attentionTotal: number;
  /** The roster filtered to the physicians needing attention. */
  attentionUrl: string;
  counts: RosterCounts;
  expiringWithinDays: number;
  expiring: SummaryExpiring[];
  expiringTotal: number;
  statusChanges: SummaryStatusChange[];
  statusChangesTotal: number;
  rosterUrl: string;
  expiringUrl: string;
  profileUrl: string;
  unsubscribeUrl: string;
};

const small = { color: '#475569', fontSize: '13px', lineHeight: '18px', margin: 0 } as const;
const cell = { padding: '8px 8px 8px 0', borderBottom: '1px solid #e2e8f0', verticalAlign: 'top' } as const;
const heading = { color: '#0f172a', fontSize: '17px', fontWeight: 700, margin: '24px 0 4px' } as const;
const link = { color: '#0f766e', textDecoration: 'underline' } as const;

const COUNT_LABELS: [keyof RosterCounts, string][] = [
  ['total', ROSTER_MESSAGES.total],
  ['active', ROSTER_MESSAGES.statusLabels.active],
  ['expiring', ROSTER_MESSAGES.statusLabels.expiring],
  ['expired', ROSTER_MESSAGES.statusLabels.expired],
  ['needs_attention', ROSTER_MESSAGES.statusLabels.needs_attention],
];

/** '2 physicians need attention': physicians, not licenses (the counts below count licenses). */
export function physiciansNeedingAttention(n: number): string {
  return n === 1 ? '1 physician needs attention' : `${n} physicians need attention`;
}

/**
 * The organisation's weekly roster summary for its owner and admins (docs/product-rules.md, The
 * roster): first the physicians needing attention (how many, the first ones and why), then the
 * whole roster's counts, what expires within the next days (the soonest first, with a
 * link to all of them), and the board status changes of the last week. Full-width single-column
 * tables, so it reads the same on a phone.
 */
export function RosterSummaryEmail(props: RosterSummaryProps) {
  const brandName = useBrandName();
  const { counts, expiring, statusChanges } = props;
  const expiringPreview = `${props.expiringTotal} licenses expire within ${props.expiringWithinDays} days`;
  return (
    <EmailLayout
      preview={
        props.attentionTotal > 0
          ? `${physiciansNeedingAttention(props.attentionTotal)}; ${expiringPreview}`
          : expiringPreview
      }
      heading={`${props.organisationName}: your license roster this week`}
      action={{ label: 'Open the roster', href: props.rosterUrl }}
      footer={
        <Section>
          <Text style={{ color: '#64748b', fontSize: '12px', lineHeight: '18px' }}>
            You get this email every Monday as an owner or admin of {props.organisationName} on {brandName}, while your
            weekly email report is on.{' '}
            <Link href={props.profileUrl} style={{ color: '#0f766e' }}>
              Change your email settings
            </Link>{' '}
            or{' '}
            <Link href={props.unsubscribeUrl} style={{ color: '#0f766e' }}>
              unsubscribe from weekly emails
            </Link>
            .
          </Text>
        </Section>
      }
    >
      {props.attentionTotal > 0 ? (
        <>
          <AttentionSection
            attention={props.attention}
            intro={`${physiciansNeedingAttention(props.attentionTotal)}. Open each report to resolve what waits.`}
          />
          <Text style={{ ...small, margin: '0 0 16px' }}>
            <Link href={props.attentionUrl} style={link}>
              {props.attentionTotal > props.attention.length
                ? `See all ${props.attentionTotal} physicians needing attention`
                : 'See them in the roster'}
            </Link>
          </Text>
        </>
      ) : null}
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse' }}>
        <tbody>
          <tr>
            {COUNT_LABELS.map(([key, label]) => (
              <td key={key} style={{ padding: '4px 8px 4px 0', verticalAlign: 'top' }}>
                <Text style={{ color: '#0f172a', fontSize: '20px', fontWeight: 700, lineHeight: '24px', margin: 0 }}>
                  {counts[key]}
                </Text>
                <Text style={small}>{label}</Text>
              </td>
            ))}
          </tr>
        </tbody>
      </table>

      <Text style={heading}>Expiring within {props.expiringWithinDays} days</Text>
      {expiring.length === 0 ? (
        <Text style={small}>Nothing in the roster expires within {props.expiringWithinDays} days.</Text>
      ) : (
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse' }}>
          <tbody>
            {expiring.map((row) => (
              <tr key={`${row.reportUrl}-${row.stateName}-${row.licenseNumber}`}>
                <td style={cell}>
                  <Text style={{ color: '#0f172a', fontSize: '15px', fontWeight: 600, lineHeight: '20px', margin: 0 }}>
                    <Link href={row.reportUrl} style={{ color: '#0f172a', textDecoration: 'none' }}>
                      {row.physician}
                    </Link>
                  </Text>
                  <Text style={small}>
                    {row.stateName} · {row.licenseNumber} · expires {formatExpiry(row.expiryDate)}
                  </Text>
                </td>
                <td style={{ ...cell, paddingRight: 0, textAlign: 'right' }}>
                  <Text style={{ color: '#0f172a', fontSize: '14px', fontWeight: 600, margin: 0 }}>
                    {daysLeftInWords(row.daysLeft)}
                  </Text>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {props.expiringTotal > 0 ? (
        <Text style={small}>
          <Link href={props.expiringUrl} style={link}>
            {props.expiringTotal > expiring.length
              ? `See all ${props.expiringTotal} licenses expiring within ${props.expiringWithinDays} days`
              : `See them in the roster`}
          </Link>
        </Text>
      ) : null}

      <Text style={heading}>Status changes in the last week</Text>
      {statusChanges.length === 0 ? (
        <Text style={small}>No board changed the status of a license in the roster this week.</Text>
      ) : (
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse' }}>
          <tbody>
            {statusChanges.map((change) => (
              <tr key={`${change.reportUrl}-${change.stateName}-${change.licenseNumber}-${change.day}`}>
                <td style={cell}>
                  <Text style={{ color: '#0f172a', fontSize: '15px', fontWeight: 600, lineHeight: '20px', margin: 0 }}>
                    <Link href={change.reportUrl} style={{ color: '#0f172a', textDecoration: 'none' }}>
                      {change.physician}
                    </Link>
                  </Text>
                  <Text style={small}>
                    {change.stateName} · {change.licenseNumber}: {licenseStatusLabel(change.before ?? 'unknown')} →{' '}
                    {licenseStatusLabel(change.after ?? 'unknown')} ({formatExpiry(change.day)})
                  </Text>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {props.statusChangesTotal > statusChanges.length ? (
        <Text style={small}>…and {props.statusChangesTotal - statusChanges.length} more.</Text>
      ) : null}
    </EmailLayout>
  );
}
