import {
  canManage,
  INVITED_ROLES,
  type InvitedRole,
  invitationInputSchema,
  ORGANISATION_MESSAGES,
  ORGANISATION_ROLE_DESCRIPTIONS,
  ORGANISATION_ROLE_LABELS,
  type OrganisationMember,
  type OrganisationMembers,
  organisationNameSchema,
} from '@licensewatch/shared/organisations';
import { PATHS } from '@licensewatch/shared/web-paths';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Container } from '../../../components/ui/container';
import { InputField, SelectField } from '../../../components/ui/form-field';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { stackingTableHeadClass, tableHeadCellClass } from '../../../components/ui/table-styles';
import { toast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { useMe } from '../../../session/get-me';
import { useOrganisations } from '../../../session/get-organisations';
import { PageTitle } from '../../../session/page-title';
import { useChangeRole } from '../api/change-member-role';
import { useCreateOrganisation } from '../api/create-organisation';
import { useMembers } from '../api/get-members';
import { useInvite } from '../api/invite-member';
import { useRemoveMember } from '../api/remove-member';
import { useResetMemberApiKey } from '../api/reset-member-api-key';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { useTransferOwnership } from '../api/transfer-ownership';

/** What the organisation's plan card needs to know (the card itself is the billing feature's). */
export type OrganisationPlanSlot = (organisation: { canManage: boolean; members: number }) => ReactNode;

/**
 * /organization: the active organisation's members and invitations, or creating one (ADR 019).
 * `plan` draws its plan and billing beside them, `settings` its settings of other features.
 */
export function OrganisationPage({ plan, settings }: { plan?: OrganisationPlanSlot; settings?: ReactNode }) {
  const organisations = useOrganisations();
  const activeId = organisations.data?.active_organisation_id ?? null;
  const members = useMembers(activeId);

  if (organisations.isPending || (activeId && members.isPending)) return <PageSpinner label="Loading organization…" />;
  if (organisations.isError || members.isError) {
    return (
      <Container className="py-10">
        <PageTitle title="Organization" />
        <Alert tone="error">{errorText(organisations.error ?? members.error)}</Alert>
      </Container>
    );
  }
  return (
    <Container className="py-10">
      <PageTitle title="Organization" />
      {members.data ? <Members data={members.data} plan={plan} settings={settings} /> : <CreateOrganisation />}
    </Container>
  );
}

function CreateOrganisation() {
  const create = useCreateOrganisation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = organisationNameSchema.safeParse({ name });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    create.mutate(parsed.data.name, {
      onSuccess: () => toast.success(ORGANISATION_MESSAGES.created),
      onError: (e) => setError(errorText(e)),
    });
  };
  return (
    <>
      <PageHeader
        title="Create an organization"
        description="An organization shares its physicians’ reports, its plan and its credits with the colleagues you invite. You are working in your personal workspace now; your own reports stay yours."
      />
      <Card className="max-w-xl p-6">
        <form onSubmit={submit} noValidate className="space-y-4">
          <InputField
            label="Organization name"
            name="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={error}
            autoComplete="organization"
            maxLength={120}
          />
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create organization'}
          </Button>
        </form>
      </Card>
    </>
  );
}

function Members({
  data,
  plan,
  settings,
}: {
  data: OrganisationMembers;
  plan?: OrganisationPlanSlot;
  settings?: ReactNode;
}) {
  const me = useMe().data;
  const { organisation } = data;
  const manager = canManage(organisation.role);
  return (
    <>
      <PageHeader
        title={organisation.name}
        description={`You are ${ORGANISATION_ROLE_LABELS[organisation.role].toLowerCase()} of this organization: ${ORGANISATION_ROLE_DESCRIPTIONS[organisation.role].charAt(0).toLowerCase()}${ORGANISATION_ROLE_DESCRIPTIONS[organisation.role].slice(1)}`}
      />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="members-heading">
          <h2 id="members-heading" className="mb-3 text-lg font-semibold text-slate-900">
            Members ({data.members.length})
          </h2>
          <MemberTable data={data} meId={me?.id ?? ''} />
          {data.invitations.length > 0 ? <Invitations data={data} /> : null}
        </section>
        <aside className="space-y-6">
          {plan?.({ canManage: manager, members: data.members.length })}
          {settings}
          {manager ? <InviteForm organisationId={organisation.id} /> : null}
          {manager ? (
            <Card className="space-y-3 p-6">
              <h2 className="text-base font-semibold text-slate-900">Roster import</h2>
              <p className="text-sm text-slate-600">Add or update many physicians at once from a CSV or Excel file.</p>
              <ButtonLink to={PATHS.rosterImport} variant="secondary">
                Import roster
              </ButtonLink>
            </Card>
          ) : null}
          {manager ? (
            <Card className="space-y-3 p-6">
              <h2 className="text-base font-semibold text-slate-900">Webhooks</h2>
              <p className="text-sm text-slate-600">Send license and report events to your own systems.</p>
              <ButtonLink to={PATHS.webhooks} variant="secondary">
                Manage webhooks
              </ButtonLink>
            </Card>
          ) : null}
          {organisation.role === 'owner' ? <TransferOwnership data={data} meId={me?.id ?? ''} /> : null}
        </aside>
      </div>
    </>
  );
}

function MemberTable({ data, meId }: { data: OrganisationMembers; meId: string }) {
  const { organisation } = data;
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const resetKey = useResetMemberApiKey();
  const [removing, setRemoving] = useState<OrganisationMember | null>(null);
  const [resetting, setResetting] = useState<OrganisationMember | null>(null);
  const manager = canManage(organisation.role);
  const leaving = removing?.user_id === meId;

  return (
    <Card className="overflow-hidden">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Members of {organisation.name}</caption>
        <thead className={stackingTableHeadClass}>
          <tr>
            <th scope="col" className={tableHeadCellClass}>
              Member
            </th>
            <th scope="col" className={tableHeadCellClass}>
              Role
            </th>
            <th scope="col" className={tableHeadCellClass}>
              Joined
            </th>
            <th scope="col" className={tableHeadCellClass}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {data.members.map((m) => (
            <tr key={m.user_id} className="flex flex-col gap-2 p-4 md:table-row md:p-0">
              <td className="md:px-4 md:py-3">
                <span className="block font-medium text-slate-900">
                  {m.name || m.email}
                  {m.user_id === meId ? <span className="ml-1 font-normal text-slate-500">(you)</span> : null}
                </span>
                <span className="block text-slate-500">{m.email}</span>
              </td>
              <td className="md:px-4 md:py-3">
                {manager && m.role !== 'owner' ? (
                  <label className="flex items-center gap-2">
                    <span className="sr-only">Role of {m.name || m.email}</span>
                    <select
                      value={m.role}
                      disabled={changeRole.isPending}
                      onChange={(e) =>
                        changeRole.mutate(
                          { id: organisation.id, userId: m.user_id, role: e.target.value as InvitedRole },
                          {
                            onSuccess: () => toast.success(ORGANISATION_MESSAGES.roleChanged),
                            onError: (err) => toast.error(errorText(err)),
                          },
                        )
                      }
                      className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                    >
                      {INVITED_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {ORGANISATION_ROLE_LABELS[r]}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : (
                  <span className="inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                    {ORGANISATION_ROLE_LABELS[m.role]}
                  </span>
                )}
              </td>
              <td className="text-slate-600 md:px-4 md:py-3">
                <span className="md:hidden">Joined </span>
                {formatDate(m.joined_at)}
              </td>
              <td className="md:px-4 md:py-3 md:text-right">
                <div className="flex flex-wrap gap-2 md:justify-end">
                  {manager && m.user_id !== meId ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setResetting(m)}
                      aria-label={`Reset the API key of ${m.name || m.email}`}
                    >
                      Reset API key
                    </Button>
                  ) : null}
                  {m.role !== 'owner' && (manager || m.user_id === meId) ? (
                    <Button variant="secondary" size="sm" onClick={() => setRemoving(m)}>
                      {m.user_id === meId ? 'Leave' : 'Remove'}
                    </Button>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={leaving ? `Leave ${organisation.name}?` : `Remove ${removing?.name || removing?.email}?`}
        confirmLabel={leaving ? 'Leave' : 'Remove'}
        pendingLabel={leaving ? 'Leaving…' : 'Removing…'}
        pending={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(
            { id: organisation.id, userId: removing.user_id, self: leaving },
            {
              onSuccess: () => {
                toast.success(
                  leaving
                    ? ORGANISATION_MESSAGES.leftOrganisation(organisation.name)
                    : ORGANISATION_MESSAGES.memberRemoved,
                );
                setRemoving(null);
              },
              onError: (err) => toast.error(errorText(err)),
            },
          );
        }}
      >
        {leaving
          ? 'You will no longer see its reports. An admin can invite you again.'
          : 'They lose access to the organization’s reports and their API key for it stops working at once. You can invite them again later.'}
      </ConfirmDialog>
      <ConfirmDialog
        open={resetting !== null}
        onOpenChange={(open) => !open && setResetting(null)}
        title={`Reset the API key of ${resetting?.name || resetting?.email}?`}
        confirmLabel="Reset key"
        pendingLabel="Resetting…"
        pending={resetKey.isPending}
        onConfirm={() => {
          if (!resetting) return;
          resetKey.mutate(
            { id: organisation.id, userId: resetting.user_id },
            {
              onSuccess: () => {
                toast.success(ORGANISATION_MESSAGES.memberApiKeyReset);
                setResetting(null);
              },
              onError: (err) => toast.error(errorText(err)),
            },
          );
        }}
      >
        Their key for {organisation.name} stops working at once; they get a new one on their Overview page. Calls made
        with it spend the organization’s API credits.
      </ConfirmDialog>
    </Card>
  );
}

function Invitations({ data }: { data: OrganisationMembers }) {
  const revoke = useRevokeInvitation();
  return (
    <div className="mt-8">
      <h2 className="mb-3 text-lg font-semibold text-slate-900">Pending invitations ({data.invitations.length})</h2>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {data.invitations.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
            <span>
              <span className="block font-medium text-slate-900">{i.email}</span>
              <span className="block text-slate-500">
                {ORGANISATION_ROLE_LABELS[i.role]} · expires {formatDate(i.expires_at)}
                {i.invited_by ? ` · invited by ${i.invited_by}` : ''}
              </span>
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={revoke.isPending}
              aria-label={`Revoke the invitation of ${i.email}`}
              onClick={() =>
                revoke.mutate(
                  { id: data.organisation.id, invitationId: i.id },
                  {
                    onSuccess: () => toast.success(ORGANISATION_MESSAGES.invitationRevoked),
                    onError: (err) => toast.error(errorText(err)),
                  },
                )
              }
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function InviteForm({ organisationId }: { organisationId: string }) {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitedRole>('viewer');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = invitationInputSchema.safeParse({ email, role });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    invite.mutate(
      { id: organisationId, input: parsed.data },
      {
        onSuccess: (sent) => {
          toast.success(ORGANISATION_MESSAGES.invitationSent(sent.email));
          setEmail('');
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">Invite a colleague</h2>
      <p className="mt-1 text-sm text-slate-600">They get an email with a link that works for 7 days, once.</p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <InputField
          label="Email"
          type="email"
          name="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
          autoComplete="off"
        />
        <SelectField
          label="Role"
          name="role"
          value={role}
          onChange={(e) => setRole(e.target.value as InvitedRole)}
          hint={ORGANISATION_ROLE_DESCRIPTIONS[role]}
        >
          {INVITED_ROLES.map((r) => (
            <option key={r} value={r}>
              {ORGANISATION_ROLE_LABELS[r]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={invite.isPending} className="w-full">
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </Button>
      </form>
    </Card>
  );
}

function TransferOwnership({ data, meId }: { data: OrganisationMembers; meId: string }) {
  const transfer = useTransferOwnership();
  const others = data.members.filter((m) => m.user_id !== meId);
  const [target, setTarget] = useState('');
  const [confirming, setConfirming] = useState(false);
  const chosen = others.find((m) => m.user_id === target);
  if (others.length === 0) return null;
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">Transfer ownership</h2>
      <p className="mt-1 text-sm text-slate-600">The new owner manages billing; you stay as an admin.</p>
      <div className="mt-4 space-y-4">
        <SelectField label="New owner" name="new-owner" value={target} onChange={(e) => setTarget(e.target.value)}>
          <option value="">Choose a member</option>
          {others.map((m) => (
            <option key={m.user_id} value={m.user_id}>
              {m.name || m.email}
            </option>
          ))}
        </SelectField>
        <Button variant="secondary" disabled={!chosen} onClick={() => setConfirming(true)} className="w-full">
          Transfer ownership
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Make ${chosen?.name || chosen?.email} the owner?`}
        confirmLabel="Transfer"
        pendingLabel="Transferring…"
        pending={transfer.isPending}
        onConfirm={() =>
          chosen &&
          transfer.mutate(
            { id: data.organisation.id, userId: chosen.user_id },
            {
              onSuccess: () => {
                toast.success(ORGANISATION_MESSAGES.ownershipTransferred(chosen.name || chosen.email));
                setConfirming(false);
                setTarget('');
              },
              onError: (err) => toast.error(errorText(err)),
            },
          )
        }
      >
        Only the owner can transfer ownership back.
      </ConfirmDialog>
    </Card>
  );
}
