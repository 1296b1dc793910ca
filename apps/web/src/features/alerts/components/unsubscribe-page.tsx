import { UNSUBSCRIBE_MESSAGES, unsubscribePurposeOf } from '@licensewatch/shared/alerts-messages';
import { PATHS } from '@licensewatch/shared/web-paths';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { toast } from '../../../components/ui/toast';
import { hasErrorCode } from '../../../lib/api';
import { PageTitle } from '../../../session/page-title';
import { useUnsubscribe } from '../api/unsubscribe';

const linkClasses = 'font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-900';

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Container className="max-w-xl py-10 sm:py-16">
      <PageTitle title={title} />
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {children}
      </div>
    </Container>
  );
}

function InvalidLink() {
  return (
    <Frame title="Unsubscribe link not valid">
      <Alert tone="error" className="mt-4">
        {UNSUBSCRIBE_MESSAGES.invalidLink}
      </Alert>
      <p className="mt-4 text-sm text-slate-700">
        <Link to={PATHS.profile} className={linkClasses}>
          Open your profile
        </Link>
      </p>
    </Frame>
  );
}

/**
 * The page the "unsubscribe" link in an alert email opens (docs/product-rules.md, Alerts). Opening
 * it changes nothing — mail scanners open links — the button does, with the link's signed token;
 * no sign-in needed. The List-Unsubscribe header of the same email posts to the API directly.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const purpose = unsubscribePurposeOf(token);
  const mutation = useUnsubscribe();

  if (!purpose || hasErrorCode(mutation.error, 'INVALID_UNSUBSCRIBE_LINK', 'VALIDATION_ERROR')) return <InvalidLink />;

  if (mutation.isSuccess) {
    return (
      <Frame title={UNSUBSCRIBE_MESSAGES.done}>
        <p className="mt-3 text-slate-700" role="status">
          {UNSUBSCRIBE_MESSAGES.doneDetail(mutation.data.email)}
        </p>
        <p className="mt-4 text-sm text-slate-700">
          {UNSUBSCRIBE_MESSAGES.turnBackOn}{' '}
          <Link to={PATHS.profile} className={linkClasses}>
            Open your profile
          </Link>
        </p>
      </Frame>
    );
  }

  return (
    <Frame title={UNSUBSCRIBE_MESSAGES.title[purpose]}>
      <p className="mt-3 text-slate-700">{UNSUBSCRIBE_MESSAGES.explain[purpose]}</p>
      {mutation.isError ? (
        <Alert tone="error" className="mt-4">
          {UNSUBSCRIBE_MESSAGES.failed}
        </Alert>
      ) : null}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button
          pending={mutation.isPending}
          onClick={() =>
            mutation.mutate(token, {
              onError: (error) => {
                if (!hasErrorCode(error, 'INVALID_UNSUBSCRIBE_LINK', 'VALIDATION_ERROR'))
                  void toast.error(UNSUBSCRIBE_MESSAGES.failed);
              },
            })
          }
        >
          {UNSUBSCRIBE_MESSAGES.button}
        </Button>
        <Link to={PATHS.profile} className={`text-sm ${linkClasses}`}>
          Manage email settings instead
        </Link>
      </div>
    </Frame>
  );
}
