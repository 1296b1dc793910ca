// The automatic JSX runtime, whatever tsconfig tsx finds from the working directory.
/** @jsxRuntime automatic */
import { Text } from '@react-email/components';
import { useBrandName } from '../../../platform/mail/brand-name.ts';
import { EmailLayout } from '../../../platform/mail/email-layout.tsx';

export function ResetPasswordEmail({ name, url }: { name: string; url: string }) {
  const brandName = useBrandName();
  return (
    <EmailLayout
      preview={`Reset your ${brandName} password`}
      heading="Reset your password"
      action={{ label: 'Set a new password', href: url }}
    >
      <Text>Hello {name},</Text>
      <Text>
        We received a request to reset the password of your {brandName} account. Use the button below to choose a new
        one. The link is valid for one hour and can be used once; signing in with the new password signs you out
        everywhere else.
      </Text>
      <Text>If you did not ask for this, ignore this email: your password stays as it is.</Text>
    </EmailLayout>
  );
}
