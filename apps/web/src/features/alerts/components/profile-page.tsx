import { PROFILE_MESSAGES } from '@licensewatch/shared/profile';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { PageTitle } from '../../../session/page-title';
import { useProfile } from '../api/get-profile';
import { CalendarFeed } from './calendar-feed';
import { ExpiryWindowsCard } from './expiry-windows-card';
import { PhoneVerificationDialog } from './phone-verification-dialog';
import { ProfileDetails } from './profile-details';
import { ProfileForm } from './profile-form';

/** What the emailed confirmation link's redirect (`?email=changed|invalid`) says. */
function EmailLinkNotice() {
  const [params] = useSearchParams();
  const outcome = params.get('email');
  if (outcome === 'changed') return <Alert tone="success">{PROFILE_MESSAGES.emailChanged}</Alert>;
  if (outcome === 'invalid') return <Alert tone="warning">{PROFILE_MESSAGES.emailLinkInvalid}</Alert>;
  return null;
}

/** /profile (docs/product-rules.md, Profile): the read view, 'Edit Profile' to the form and back by Cancel or a save. */
export function ProfilePage({ security }: { security?: React.ReactNode }) {
  const profile = useProfile();
  const [editing, setEditing] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const data = profile.data;

  return (
    <Container className="py-10">
      <PageTitle title="Profile" />
      <PageHeader
        title="Profile"
        description="Your account details and notification settings."
        actions={data && !editing ? <Button onClick={() => setEditing(true)}>Edit Profile</Button> : null}
      />
      <div className="mb-6 max-w-3xl empty:hidden">
        <EmailLinkNotice />
      </div>
      {profile.isPending ? (
        <PageSpinner label="Loading your profile…" />
      ) : profile.isError || !data ? (
        <div className="max-w-2xl space-y-4">
          <Alert tone="error">Error loading your profile. Please try again.</Alert>
          <Button variant="secondary" pending={profile.isFetching} onClick={() => profile.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          {editing ? (
            <ProfileForm profile={data} onCancel={() => setEditing(false)} onSaved={() => setEditing(false)} />
          ) : (
            <ProfileDetails profile={data} onVerifyPhone={() => setVerifying(true)} />
          )}
          <CalendarFeed profile={data} />
          <ExpiryWindowsCard scope="own" className="mt-8 max-w-3xl p-6" />
          {security}
          {data.phone_number ? (
            <PhoneVerificationDialog profile={data} open={verifying} onOpenChange={setVerifying} />
          ) : null}
        </>
      )}
    </Container>
  );
}
