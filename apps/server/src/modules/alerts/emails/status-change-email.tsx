// The automatic JSX runtime, whatever tsconfig tsx finds from the working directory.
/** @jsxRuntime automatic */
import { Link, Text } from '@react-email/components';
import { useBrandName } from '../../../platform/mail/brand-name.ts';
import { EmailLayout } from '../../../platform/mail/email-layout.tsx';

type Props = {
  /** "Dr. Jane Doe's WA MD license MD60512345". */
  license: string;
  /** "is now Suspended (was Active)". */
  change: string;
  /** When the board's change was seen, e.g. "Nov 26, 2026". */
  seenOn: string;
  reportUrl: string;
  profileUrl: string;
  unsubscribeUrl: string;
};

/** A status-change alert (docs/product-rules.md, Alerts): one board change of one tracked license. */
export function StatusChangeEmail({ license, change, seenOn, reportUrl, profileUrl, unsubscribeUrl }: Props) {
  const brandName = useBrandName();
  return (
    <EmailLayout
      preview={`${license} ${change}`}
      heading="A license changed at its board"
      action={{ label: 'Open the report', href: reportUrl }}
    >
      <Text>
        {license} {change}.
      </Text>
      <Text>
        {brandName} saw this change at the board on {seenOn}. Check the board's record and, if something needs your
        attention, contact the board directly.
      </Text>
      <Text style={{ color: '#64748b', fontSize: '12px' }}>
        You get this email because status-change alerts are on for your account. Change what we send on your{' '}
        <Link href={profileUrl}>profile</Link>, or <Link href={unsubscribeUrl}>unsubscribe from these alerts</Link>.
      </Text>
    </EmailLayout>
  );
}
