// The automatic JSX runtime, whatever tsconfig tsx finds from the working directory.
/** @jsxRuntime automatic */
import { EMAIL_CHANGE_TTL_HOURS } from '@licensewatch/shared/profile';
import { Text } from '@react-email/components';
import { useBrandName } from '../../../platform/mail/brand-name.ts';
import { EmailLayout } from '../../../platform/mail/email-layout.tsx';

/** To the new address: the link that makes it the account's email. */
export function ConfirmNewEmail({ name, url }: { name: string; url: string }) {
  const brandName = useBrandName();
  return (
    <EmailLayout
      preview={`Confirm your new ${brandName} email address`}
      heading="Confirm your new email address"
      action={{ label: 'Confirm new email', href: url }}
    >
      <Text>Hello{name ? ` ${name}` : ''},</Text>
      <Text>
        You asked to use this address for your {brandName} account. Open the link to confirm it: until then your account
        keeps its current email, and reminders and alerts go there. This link is valid for {EMAIL_CHANGE_TTL_HOURS}{' '}
        hours and works once.
      </Text>
      <Text>If you did not ask for this, ignore this email and nothing changes.</Text>
    </EmailLayout>
  );
}
