import { BRAND } from '@licensewatch/shared/brand';
import { PATHS } from '@licensewatch/shared/web-paths';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useBrandName } from '../../../session/get-app-settings';

export const USER_AGREEMENT_EFFECTIVE = 'September 16, 2025';

type UserAgreementDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAccept: () => void;
};

const sectionTitle = 'mt-5 font-semibold text-slate-900';

export function UserAgreementDialog({ open, onOpenChange, onAccept }: UserAgreementDialogProps) {
  const brandName = useBrandName();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="User Agreement"
      description={`Effective ${USER_AGREEMENT_EFFECTIVE}`}
      className="max-w-2xl"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button onClick={onAccept}>I Agree</Button>
        </>
      }
    >
      <div className="text-sm leading-relaxed text-slate-700">
        <p>
          This User Agreement (the &quot;Agreement&quot;) governs your use of {brandName} (the &quot;Service&quot;), a
          service that collects publicly available information from state medical boards so that physicians and their
          teams can track medical licenses, renewal dates and license status. By creating an account you accept this
          Agreement.
        </p>

        <h3 className={sectionTitle}>1. Eligibility</h3>
        <p className="mt-1">
          You must be at least 18 years old and able to enter into a binding contract to use the Service. If you create
          an account on behalf of a clinic, practice or other organization, you confirm that you are authorized to
          accept this Agreement for it.
        </p>

        <h3 className={sectionTitle}>2. Your account</h3>
        <p className="mt-1">
          You agree to provide accurate registration information and to keep your password confidential. You are
          responsible for all activity under your account and must tell us promptly at the address below if you suspect
          unauthorized use.
        </p>

        <h3 className={sectionTitle}>3. Source of license data</h3>
        <p className="mt-1">
          License information shown in the Service comes from public records published by state medical and osteopathic
          boards and related public registries. Boards update their records on their own schedules, and their websites
          are sometimes unavailable. We do not guarantee that any information is complete, current or error-free, and
          the Service is not a primary-source verification for credentialing or hiring decisions. Always confirm
          critical details directly with the issuing board.
        </p>

        <h3 className={sectionTitle}>4. Your responsibility for renewals</h3>
        <p className="mt-1">
          Reminders and alerts are a convenience. You remain solely responsible for renewing your licenses, meeting
          continuing-education requirements and complying with every board&apos;s rules and deadlines. We are not liable
          for a lapse, fine or other consequence resulting from a missed, late or inaccurate alert.
        </p>

        <h3 className={sectionTitle}>5. Acceptable use</h3>
        <p className="mt-1">You agree not to:</p>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          <li>use the Service to stalk, harass or discriminate against any person;</li>
          <li>
            resell, republish or bulk-extract data from the Service except through the API under a plan that allows it;
          </li>
          <li>probe, overload or circumvent the security or rate limits of the Service or its API;</li>
          <li>misrepresent your identity or create reports for unlawful purposes.</li>
        </ul>
        <p className="mt-1">We may suspend or close accounts that break these rules.</p>

        <h3 className={sectionTitle}>6. Plans, credits and the beta</h3>
        <p className="mt-1">
          The Service is currently offered as a free beta. Features, plans, report and API credits may change as the
          product evolves; we will tell you before a change that affects a paid plan takes effect.
        </p>

        <h3 className={sectionTitle}>7. Privacy</h3>
        <p className="mt-1">
          We handle your personal information as described in our{' '}
          <Link to={PATHS.privacyPolicy} target="_blank" className="font-medium text-teal-700 underline">
            Privacy Policy
          </Link>
          . We use your contact details to operate your account and send the alerts you choose.
        </p>

        <h3 className={sectionTitle}>8. Disclaimers and limitation of liability</h3>
        <p className="mt-1">
          The Service is provided &quot;as is&quot; without warranties of any kind. To the fullest extent permitted by
          law, our total liability for any claim arising from the Service is limited to the amount you paid us in the
          twelve months before the claim.
        </p>

        <h3 className={sectionTitle}>9. Changes and termination</h3>
        <p className="mt-1">
          We may update this Agreement; the effective date above shows the latest version, and continued use after an
          update means you accept it. You may close your account at any time by contacting us.
        </p>

        <h3 className={sectionTitle}>10. Contact</h3>
        <p className="mt-1">
          Questions about this Agreement:{' '}
          <a href={`mailto:${BRAND.supportEmail}`} className="font-medium text-teal-700 underline">
            {BRAND.supportEmail}
          </a>
          .
        </p>
      </div>
    </Dialog>
  );
}
