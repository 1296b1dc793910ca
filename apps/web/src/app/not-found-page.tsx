import { MESSAGES } from '@licensewatch/shared/messages';
import { PATHS } from '@licensewatch/shared/web-paths';
import { ButtonLink } from '../components/ui/button';
import { useMe } from '../session/get-me';
import { PageTitle } from '../session/page-title';

/** The app's answer to a path it does not have (the server sends it with status 404). */
export function NotFoundPage() {
  const me = useMe();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-24 text-center">
      <PageTitle title={MESSAGES.notFound.title} />
      <p className="text-sm font-semibold tracking-widest text-teal-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{MESSAGES.notFound.title}</h1>
      <p className="mt-4 text-slate-600">{MESSAGES.notFound.body}</p>
      {/* The way on depends on who is asking; until the session is known the space is kept, not
          filled with a guess that would then change. */}
      {me.isPending ? (
        <div className="mt-8 h-10" aria-hidden="true" />
      ) : me.data ? (
        <ButtonLink to={PATHS.dashboard} className="mt-8">
          Go to Dashboard
        </ButtonLink>
      ) : (
        <ButtonLink to={PATHS.home} className="mt-8">
          Go home
        </ButtonLink>
      )}
    </div>
  );
}
