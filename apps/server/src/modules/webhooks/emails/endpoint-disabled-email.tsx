// The automatic JSX runtime, whatever tsconfig tsx finds from the working directory.
/** @jsxRuntime automatic */

import { Text } from '@react-email/components';
import { useBrandName } from '../../../platform/mail/brand-name.ts';
import { EmailLayout } from '../../../platform/mail/email-layout.tsx';

/** To a workspace's owner and admins: an endpoint failed for 3 days and no longer gets events. */
export function EndpointDisabledEmail({
  url,
  failingSince,
  pageUrl,
}: {
  url: string;
  failingSince: Date;
  pageUrl: string;
}) {
  const brandName = useBrandName();
  const since = failingSince.toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <EmailLayout
      preview={`Webhook endpoint disabled: ${url}`}
      heading="A webhook endpoint was disabled"
      action={{ label: 'Open webhooks', href: pageUrl }}
    >
      <Text>
        Every delivery {brandName} tried to {url} has failed since {since}, so we stopped sending events to it.
      </Text>
      <Text>
        Once it answers again, turn it back on from the webhooks page; events from the time it was off can be replayed
        from its delivery log.
      </Text>
    </EmailLayout>
  );
}
