import { PROFILE_MESSAGES, type Profile } from '@licensewatch/shared/profile';
import { PATHS } from '@licensewatch/shared/web-paths';
import { Link } from 'react-router';
import { organisationsInWords } from '../profile-alert-state';

/**
 * On a plan without alerts: says so and where to get them, instead of a switch that pretends — and,
 * when an organisation's plan sends the user alerts for its reports, says what reaches them through it.
 */
export function PlanAlertsNote({
  className,
  organisations = [],
}: {
  className?: string;
  organisations?: Profile['organisation_alerts'];
}) {
  const plans = (
    <Link to={PATHS.pricing} className="font-semibold text-teal-800 underline underline-offset-2">
      See plans
    </Link>
  );
  if (organisations.length > 0)
    return (
      <div className={className}>
        <p>{PROFILE_MESSAGES.organisationAlerts(organisationsInWords(organisations))}</p>
        <p className="mt-2">
          {PROFILE_MESSAGES.personalAlertsNotIncluded}. {plans}.
        </p>
      </div>
    );
  return (
    <p className={className}>
      {PROFILE_MESSAGES.alertsNotIncluded}. {plans}. Your choices are saved and start working when your plan includes
      alerts.
    </p>
  );
}
