// The automatic JSX runtime, whatever tsconfig tsx finds from the working directory.
/** @jsxRuntime automatic */
import { Text } from '@react-email/components';
import { useBrandName } from '../../../platform/mail/brand-name.ts';
import { EmailLayout } from '../../../platform/mail/email-layout.tsx';

/** To the old address once the new one is confirmed; no link, as for the request notice. */
export function EmailChanged({ name, newEmail }: { name: string; newEmail: string }) {
  const brandName = useBrandName();
  return (
    <EmailLayout preview={`Your ${brandName} email address was changed`} heading="Your email address was changed">
      <Text>Hello{name ? ` ${name}` : ''},</Text>
      <Text>
        Your {brandName} account now uses {newEmail}. Sign-in, reminders and alerts go to that address from now on, and
        this address no longer receives them.
      </Text>
      <Text>If you did not make this change, contact us through the contact page of {brandName} right away.</Text>
    </EmailLayout>
  );
}
