// The automatic JSX runtime, whatever tsconfig tsx finds from the working directory.
/** @jsxRuntime automatic */
import { Link, Text } from '@react-email/components';
import { EmailLayout } from '../../../platform/mail/email-layout.tsx';

type Props = {
  /** "Dr. Jane Doe's HI MD license MD-12345". */
  license: string;
  /** The day it was last checked and by whom, e.g. "Oct 28, 2026 by Jane Roe". */
  lastChecked: string;
  boardName: string;
  /** The board's public look-up, where a person checks the license again. */
  lookupUrl: string;
  reportUrl: string;
  profileUrl: string;
  unsubscribeUrl: string;
};

/**
 * A license verified by hand is due to be verified again (docs/product-rules.md, Verification by
 * hand): no machine may read its board, so only a person's new check keeps it current.
 */
export function VerificationDueEmail({
  license,
  lastChecked,
  boardName,
  lookupUrl,
  reportUrl,
  profileUrl,
  unsubscribeUrl,
}: Props) {
  return (
    <EmailLayout
      preview={`${license}: verification due`}
      heading="A license is due to be verified by hand"
      action={{ label: 'Record the new verification', href: reportUrl }}
    >
      <Text>
        {license} was last verified by hand on {lastChecked}. Credentialing standards (NCQA) ask for license status to
        be checked at least monthly, so it is due again now.
      </Text>
      <Text>
        No machine may read the {boardName}'s records: check the license on its look-up,{' '}
        <Link href={lookupUrl}>{lookupUrl}</Link>, save the page as a PDF or a screenshot, then record what it says on
        the report.
      </Text>
      <Text style={{ color: '#64748b', fontSize: '12px' }}>
        You get this email because license alerts are on for your account. Change what we send on your{' '}
        <Link href={profileUrl}>profile</Link>, or <Link href={unsubscribeUrl}>unsubscribe from these alerts</Link>.
      </Text>
    </EmailLayout>
  );
}
