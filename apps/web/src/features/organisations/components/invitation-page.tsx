import {
  ORGANISATION_MESSAGES,
  ORGANISATION_ROLE_DESCRIPTIONS,
  ORGANISATION_ROLE_LABELS,
} from '@licensewatch/shared/organisations';
import { PATHS } from '@licensewatch/shared/web-paths';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { formatDate } from '../../../lib/format';
import { useInvitation } from '../../../session/get-invitation';
import { useMe } from '../../../session/get-me';
import { PageTitle } from '../../../session/page-title';
import { useAcceptInvitation } from '../api/accept-invitation';

const STATUS_TEXT = {
  accepted: ORGANISATION_MESSAGES.invitationUsed,
  expired: ORGANISATION_MESSAGES.invitationExpired,
  revoked: ORGANISATION_MESSAGES.invitationRevokedLink,
} as const;

/** /invitations/:id?token=: what an invitation offers, and accepting it with the invited address. */
export function InvitationPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const invitation = useInvitation(id, token);
  const me = useMe();
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const here = PATHS.invitation(id, token);
  // ?join=1: the visitor signed up from this invitation and has just confirmed the address, which
  // was their consent to join; accept once, as the button would.
  const joinOnArrival = search.get('join') === '1';
  const joined = useRef(false);
  const join = () =>
    accept.mutate(
      { invitationId: id, token },
      {
        onSuccess: (organisation) => {
          toast.success(ORGANISATION_MESSAGES.invitationAccepted(organisation.name));
          navigate(PATHS.dashboard);
        },
      },
    );
  const data = invitation.data;
  const invitedHere = Boolean(me.data && data && me.data.email.toLowerCase() === data.email);
  useEffect(() => {
    if (!joinOnArrival || joined.current || !invitedHere || data?.status !== 'pending') return;
    joined.current = true;
    join();
  });

  if (invitation.isPending || me.isPending) return <PageSpinner label="Loading invitation…" />;
  return (
    <Container className="flex justify-center py-16">
      <PageTitle title="Invitation" />
      <Card className="w-full max-w-lg p-8">
        {!data ? (
          <>
            <h1 className="text-xl font-bold text-slate-900">Invitation</h1>
            <Alert tone="error" className="mt-4">
              {invitation.error instanceof Error ? invitation.error.message : ORGANISATION_MESSAGES.invitationInvalid}
            </Alert>
          </>
        ) : (
          <>
            <h1 className="text-xl font-bold text-slate-900">Join {data.organisation_name}</h1>
            <p className="mt-3 text-slate-600">
              {data.invited_by ?? 'A colleague'} invited <strong className="text-slate-900">{data.email}</strong> as{' '}
              {ORGANISATION_ROLE_LABELS[data.role].toLowerCase()}. {ORGANISATION_ROLE_DESCRIPTIONS[data.role]}
            </p>
            {data.status !== 'pending' ? (
              <Alert tone="warning" className="mt-6">
                {STATUS_TEXT[data.status]}
              </Alert>
            ) : me.data ? (
              <div className="mt-6 space-y-4">
                {me.data.email.toLowerCase() !== data.email ? (
                  <Alert tone="warning">{ORGANISATION_MESSAGES.invitationWrongEmail(data.email)}</Alert>
                ) : null}
                {accept.isError ? (
                  <Alert tone="error">{accept.error instanceof Error ? accept.error.message : ''}</Alert>
                ) : null}
                <Button
                  className="w-full"
                  disabled={accept.isPending || me.data.email.toLowerCase() !== data.email}
                  onClick={join}
                >
                  {accept.isPending ? 'Joining…' : `Accept and join ${data.organisation_name}`}
                </Button>
                <p className="text-center text-xs text-slate-500">
                  This link works until {formatDate(data.expires_at)}.
                </p>
              </div>
            ) : (
              <div className="mt-6 space-y-3">
                <p className="text-sm text-slate-600">Sign in or create an account with {data.email} to accept.</p>
                <ButtonLink to={`${PATHS.login}?redirect=${encodeURIComponent(here)}`} className="w-full">
                  Sign in to accept
                </ButtonLink>
                <ButtonLink
                  to={`${PATHS.signup}?redirect=${encodeURIComponent(here)}`}
                  variant="secondary"
                  className="w-full"
                >
                  Create an account
                </ButtonLink>
              </div>
            )}
          </>
        )}
      </Card>
    </Container>
  );
}
