// The automatic JSX runtime, whatever tsconfig tsx finds from the working directory.
/** @jsxRuntime automatic */
import { BRAND } from '@licensewatch/shared/brand';
import { Text } from '@react-email/components';
import { EmailLayout } from '../../../platform/mail/email-layout.tsx';

export function VerifyEmail({ name, url }: { name: string; url: string }) {
  return (
    <EmailLayout
      preview={`Confirm your email to start using ${BRAND.name}`}
      heading="Confirm your email address"
      action={{ label: 'Confirm email', href: url }}
    >
      <Text>Hello {name},</Text>
      <Text>
        Thanks for creating a {BRAND.name} account. Confirm your email address to sign in and start tracking your state
        medical licenses. This link is valid for 24 hours.
      </Text>
      <Text>If you did not create an account, you can ignore this email.</Text>
    </EmailLayout>
  );
}
