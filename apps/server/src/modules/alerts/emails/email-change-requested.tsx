// The automatic JSX runtime, whatever tsconfig tsx finds from the working directory.
/** @jsxRuntime automatic */
import { Text } from '@react-email/components';
import { useBrandName } from '../../../platform/mail/brand-name.ts';
import { EmailLayout } from '../../../platform/mail/email-layout.tsx';

/**
 * To the current address when a change is asked for. No link on purpose: the account owner
 * should act by signing in themselves, not by trusting a button in an email about their account.
 */
export function EmailChangeRequested({ name, newEmail }: { name: string; newEmail: string }) {
  const brandName = useBrandName();
  return (
    <EmailLayout preview={`A change of your ${brandName} email address was requested`} heading="Email change requested">
      <Text>Hello{name ? ` ${name}` : ''},</Text>
      <Text>
        Someone signed in to your {brandName} account asked to change its email address to {newEmail}. Nothing changes
        unless the link we sent to that address is opened.
      </Text>
      <Text>
        If this was not you, sign in to {brandName}, change your password, and set your email on the profile page back
        to this address.
      </Text>
    </EmailLayout>
  );
}
