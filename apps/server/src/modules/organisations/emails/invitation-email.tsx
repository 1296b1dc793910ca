// The automatic JSX runtime, whatever tsconfig tsx finds from the working directory.
/** @jsxRuntime automatic */

import {
  type InvitedRole,
  ORGANISATION_ROLE_DESCRIPTIONS,
  ORGANISATION_ROLE_LABELS,
} from '@licensewatch/shared/organisations';
import { Text } from '@react-email/components';
import { useBrandName } from '../../../platform/mail/brand-name.ts';
import { EmailLayout } from '../../../platform/mail/email-layout.tsx';

/** An invitation to an organisation: who asked, the role, the link and until when it works. */
export function InvitationEmail({
  organisationName,
  inviterName,
  role,
  link,
  expiresAt,
}: {
  organisationName: string;
  inviterName: string | null;
  role: InvitedRole;
  link: string;
  expiresAt: Date;
}) {
  const brandName = useBrandName();
  const until = expiresAt.toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <EmailLayout
      preview={`Join ${organisationName} on ${brandName}`}
      heading={`Join ${organisationName}`}
      action={{ label: 'Accept the invitation', href: link }}
    >
      <Text>
        {inviterName || 'A colleague'} invited you to {organisationName} on {brandName} as{' '}
        {ORGANISATION_ROLE_LABELS[role].toLowerCase()}: {ORGANISATION_ROLE_DESCRIPTIONS[role].charAt(0).toLowerCase()}
        {ORGANISATION_ROLE_DESCRIPTIONS[role].slice(1)}
      </Text>
      <Text>
        The link works until {until}, once. Sign in (or sign up) with this email address to accept it. If you did not
        expect it, ignore this email.
      </Text>
      <Text>{link}</Text>
    </EmailLayout>
  );
}
