// The automatic JSX runtime, whatever tsconfig tsx finds from the working directory.
/** @jsxRuntime automatic */
import { BRAND } from '@licensewatch/shared/brand';
import { Text } from '@react-email/components';
import { EmailLayout } from '../../../platform/mail/email-layout.tsx';

export function AccountExistsEmail({ name, loginUrl }: { name: string; loginUrl: string }) {
  return (
    <EmailLayout
      preview={`You already have a ${BRAND.name} account`}
      heading="You already have an account"
      action={{ label: 'Sign in', href: loginUrl }}
    >
      <Text>Hello {name},</Text>
      <Text>
        Someone just tried to create a {BRAND.name} account with this email address, which already has one. If it was
        you, sign in with your existing password; if you have forgotten it, use “Forgot password?” on the sign-in page.
      </Text>
      <Text>If it was not you, no action is needed: your account has not changed.</Text>
    </EmailLayout>
  );
}
