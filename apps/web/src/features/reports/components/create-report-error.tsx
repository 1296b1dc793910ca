import { MESSAGES } from '@licensewatch/shared/messages';
import { PATHS } from '@licensewatch/shared/web-paths';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { isApiError } from '../../../lib/api';

const linkClass = 'font-semibold underline hover:no-underline';

/** Why the server refused the report, and what the user can do about it; the form keeps its values. */
export function CreateReportError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : MESSAGES.general.fallback;
  // No credit (402), a plan limit or an expired plan (403): only a plan change helps.
  const planProblem = isApiError(error, 402) || isApiError(error, 403);
  return (
    <Alert tone="error">
      <p className="font-semibold">{MESSAGES.reports.createFailed}</p>
      <p>{detail}</p>
      {planProblem ? (
        <p className="mt-1">
          <Link to={PATHS.pricing} className={linkClass}>
            See plans
          </Link>
        </p>
      ) : null}
    </Alert>
  );
}
