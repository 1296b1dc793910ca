// The automatic JSX runtime, whatever tsconfig tsx finds from the working directory.
/** @jsxRuntime automatic */
import { Text } from '@react-email/components';
import { useBrandName } from '../../../platform/mail/brand-name.ts';
import { EmailLayout } from '../../../platform/mail/email-layout.tsx';

export function AccountExistsEmail({ name, loginUrl }: { name: string; loginUrl: string }) {
  const brandName = useBrandName();
  return (
    <EmailLayout
      preview={`You already have a ${brandName} account`}
      heading="You already have an account"
      action={{ label: 'Sign in', href: loginUrl }}
    >
      <Text>Hello {name},</Text>
      <Text>
        Someone just tried to create a {brandName} account with this email address, which already has one. If it was
        you, sign in with your existing password; if you have forgotten it, use “Forgot password?” on the sign-in page.
      </Text>
      <Text>If it was not you, no action is needed: your account has not changed.</Text>
    </EmailLayout>
  );
}
