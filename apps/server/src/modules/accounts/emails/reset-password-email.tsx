// The automatic JSX runtime, whatever tsconfig tsx finds from the working directory.
/** @jsxRuntime automatic */
import { BRAND } from '@licensewatch/shared/brand';
import { Text } from '@react-email/components';
import { EmailLayout } from '../../../platform/mail/email-layout.tsx';

export function ResetPasswordEmail({ name, url }: { name: string; url: string }) {
  return (
    <EmailLayout
      preview={`Reset your ${BRAND.name} password`}
      heading="Reset your password"
      action={{ label: 'Set a new password', href: url }}
    >
      <Text>Hello {name},</Text>
      <Text>
        We received a request to reset the password of your {BRAND.name} account. Use the button below to choose a new
        one. The link is valid for one hour and can be used once; signing in with the new password signs you out
        everywhere else.
      </Text>
      <Text>If you did not ask for this, ignore this email: your password stays as it is.</Text>
    </EmailLayout>
  );
}
