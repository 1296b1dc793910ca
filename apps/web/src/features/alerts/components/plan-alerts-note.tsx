import { PROFILE_MESSAGES } from '@licensewatch/shared/profile';
import { PATHS } from '@licensewatch/shared/web-paths';
import { Link } from 'react-router';

/** On a plan without alerts: says so and where to get them, instead of a switch that pretends. */
export function PlanAlertsNote({ className }: { className?: string }) {
  return (
    <p className={className}>
      {PROFILE_MESSAGES.alertsNotIncluded}.{' '}
      <Link to={PATHS.pricing} className="font-semibold text-teal-800 underline underline-offset-2">
        See plans
      </Link>
      . Your choices are saved and start working when your plan includes alerts.
    </p>
  );
}
