import { ORGANISATION_MESSAGES } from '@licensewatch/shared/organisations';
import { PATHS } from '@licensewatch/shared/web-paths';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api';
import { useDismissed } from '../../../lib/use-dismissed';
import { useOrganisations } from '../../../session/get-organisations';
import { useCreateOrganisation } from '../api/create-organisation';

/**
 * The organisation a clinic or enterprise sign-up named, offered on the dashboard until the user
 * belongs to one or says 'Not now' (docs/product-rules.md, Organisations): one click creates it
 * and opens it, ready to invite colleagues and import a roster.
 */
export function OrganisationSuggestion({ className }: { className?: string }) {
  const organisations = useOrganisations();
  const create = useCreateOrganisation();
  const navigate = useNavigate();
  const [dismissed, dismiss] = useDismissed('lw.organisation-suggestion.v1');
  const name = organisations.data?.suggested_name;
  if (!name || dismissed) return null;

  async function createIt(organisationName: string) {
    try {
      await create.mutateAsync(organisationName);
      void toast.success(ORGANISATION_MESSAGES.suggestionCreated(organisationName));
      navigate(PATHS.organisation);
    } catch (error) {
      void toast.error(isApiError(error) && error.status < 500 ? error.message : ORGANISATION_MESSAGES.createFailed);
    }
  }

  return (
    <Card className={className}>
      <section aria-labelledby="organisation-suggestion-title" className="p-5 sm:flex sm:items-center sm:gap-6">
        <div className="min-w-0 flex-1">
          <h2 id="organisation-suggestion-title" className="text-base font-semibold text-slate-900">
            {ORGANISATION_MESSAGES.suggestionTitle(name)}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{ORGANISATION_MESSAGES.suggestionText}</p>
        </div>
        <div className="mt-4 flex flex-wrap gap-2 sm:mt-0 sm:shrink-0">
          <Button pending={create.isPending} onClick={() => createIt(name)}>
            {ORGANISATION_MESSAGES.suggestionCreate}
          </Button>
          <Button variant="ghost" onClick={dismiss} disabled={create.isPending}>
            Not now
          </Button>
        </div>
      </section>
    </Card>
  );
}
