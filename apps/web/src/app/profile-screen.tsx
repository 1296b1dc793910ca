import { SecuritySection } from '../features/accounts/components/security-section';
import { ProfilePage } from '../features/alerts/components/profile-page';

/** The profile with its password and sessions: two features, composed here because a feature never imports another. */
export function ProfileScreen() {
  return <ProfilePage security={<SecuritySection />} />;
}
