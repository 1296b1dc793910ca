import { MESSAGES } from '@licensewatch/shared/messages';
import { ButtonLink } from '../components/ui/button';
import { PATHS } from '../lib/paths';
import { PageTitle } from '../session/page-title';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-24 text-center">
      <PageTitle title={MESSAGES.notFound.title} />
      <p className="text-sm font-semibold tracking-widest text-teal-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{MESSAGES.notFound.title}</h1>
      <p className="mt-4 text-slate-600">{MESSAGES.notFound.body}</p>
      <ButtonLink to={PATHS.dashboard} className="mt-8">
        Go to Dashboard
      </ButtonLink>
    </div>
  );
}
