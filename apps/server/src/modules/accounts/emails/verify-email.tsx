// The automatic JSX runtime, whatever tsconfig tsx finds from the working directory.
/** @jsxRuntime automatic */
import { Text } from '@react-email/components';
import { useBrandName } from '../../../platform/mail/brand-name.ts';
import { EmailLayout } from '../../../platform/mail/email-layout.tsx';

export function VerifyEmail({ name, url }: { name: string; url: string }) {
  const brandName = useBrandName();
  return (
    <EmailLayout
      preview={`Confirm your email to start using ${brandName}`}
      heading="Confirm your email address"
      action={{ label: 'Confirm email', href: url }}
    >
      <Text>Hello {name},</Text>
      <Text>
        Thanks for creating a {brandName} account. Confirm your email address to sign in and start tracking your state
        medical licenses. This link is valid for 24 hours.
      </Text>
      <Text>If you did not create an account, you can ignore this email.</Text>
    </EmailLayout>
  );
}
