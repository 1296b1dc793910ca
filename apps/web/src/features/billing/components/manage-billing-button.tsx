import { ACCOUNT_MESSAGES } from '@licensewatch/shared/account-messages';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api';
import { useCreatePortalSession } from '../api/create-portal-session';

/** Opens the payment provider's customer portal (invoices, card, cancellation) in this tab. */
export function ManageBillingButton() {
  const portal = useCreatePortalSession();
  const [leaving, setLeaving] = useState(false);

  async function open() {
    try {
      const { url } = await portal.mutateAsync();
      setLeaving(true);
      window.location.assign(url);
    } catch (error) {
      // A refusal (e.g. no billing account yet) explains itself; anything else gets portalFailed.
      toast.error(isApiError(error) && error.status < 500 ? error.message : ACCOUNT_MESSAGES.billing.portalFailed);
    }
  }

  return (
    <Button variant="secondary" size="sm" pending={portal.isPending || leaving} onClick={open}>
      Manage billing
    </Button>
  );
}
