// The automatic JSX runtime, whatever tsconfig tsx finds from the working directory.
/** @jsxRuntime automatic */
import { BRAND } from '@licensewatch/shared/brand';
import { Body, Button, Container, Head, Heading, Hr, Html, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { useBrandName } from './brand-name.ts';

type Props = {
  preview: string;
  heading: string;
  children: ReactNode;
  /** The button; a notice that must not carry a link (an email change told to the old address) has none. */
  action?: { label: string; href: string };
  /** Below the rule, above the tagline: why the reader gets the email and how to stop it (alert emails). */
  footer?: ReactNode;
};

export function EmailLayout({ preview, heading, children, action, footer }: Props) {
  const brandName = useBrandName();
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f1f5f9', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0 }}>
        <Container style={{ backgroundColor: '#ffffff', margin: '32px auto', padding: '32px', maxWidth: '560px' }}>
          <Text style={{ color: '#0f766e', fontSize: '18px', fontWeight: 700, margin: 0 }}>{brandName}</Text>
          <Heading as="h1" style={{ color: '#0f172a', fontSize: '22px', margin: '24px 0 12px' }}>
            {heading}
          </Heading>
          {children}
          {action ? (
            <>
              <Section style={{ margin: '24px 0' }}>
                <Button
                  href={action.href}
                  style={{
                    backgroundColor: '#0f766e',
                    borderRadius: '6px',
                    color: '#ffffff',
                    fontWeight: 600,
                    padding: '12px 20px',
                    textDecoration: 'none',
                  }}
                >
                  {action.label}
                </Button>
              </Section>
              <Text style={{ color: '#475569', fontSize: '13px' }}>
                If the button does not work, copy this link into your browser: {action.href}
              </Text>
            </>
          ) : null}
          <Hr />
          {footer}
          <Text style={{ color: '#64748b', fontSize: '12px' }}>{BRAND.tagline}</Text>
        </Container>
      </Body>
    </Html>
  );
}
