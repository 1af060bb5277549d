import { zodResolver } from '@hookform/resolvers/zod';
import {
  inviteTeamMemberRequestSchema,
  type TeamInvitation,
  type TeamMember,
} from '@ipick/contracts';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { RelativeTime } from '@/components/ui/relative-time';
import { TextField } from '@/components/ui/text-field';
import { toErrorMessage } from '@/lib/error-message';
import {
  useChangeTeamRole,
  useInviteTeamMember,
  useRemoveTeamMember,
  useRevokeInvitation,
  useTeam,
} from '../api/team';
import { SectionLoad } from './section-card';
import { useMerchantAccess } from '@/features/business-auth/hooks/use-merchant-access';
import { MerchantActionNote } from '@/features/business-auth/components/merchant-action-note';

function InviteForm() {
  const invite = useInviteTeamMember();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(inviteTeamMemberRequestSchema),
    defaultValues: { email: '' },
  });

  const submit = handleSubmit(async ({ email }) => {
    try {
      await invite.mutateAsync(email);
      reset({ email: '' });
      toast.success(`Invitation sent to ${email}`);
    } catch (error) {
      setError('root.server', {
        message: toErrorMessage(error, 'The invitation could not be sent.'),
      });
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Invite a team member"
      className="flex flex-col gap-3"
    >
      <FormAlert message={errors.root?.server?.message} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Email address"
          type="email"
          autoComplete="off"
          placeholder="colleague@example.com"
          containerClassName="flex-1"
          hint="They get an email with a link to join; it works for 7 days."
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" disabled={isSubmitting} className="sm:mt-7">
          {isSubmitting ? 'Sending…' : 'Send invitation'}
        </Button>
      </div>
    </form>
  );
}

function InvitationRow({
  invitation,
  canManage,
}: {
  invitation: TeamInvitation;
  canManage: boolean;
}) {
  const revoke = useRevokeInvitation();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-dashed border-border p-3">
      <div className="flex min-w-0 flex-col">
        <span className="text-sm break-all">{invitation.email}</span>
        <span className="text-xs text-muted-foreground">
          Invited <RelativeTime value={invitation.createdAt} />
        </span>
      </div>
      {canManage ? (
        <ConfirmDialog
          trigger={
            <Button
              variant="outline"
              size="sm"
              aria-label={`Revoke the invitation to ${invitation.email}`}
            >
              Revoke
            </Button>
          }
          title="Revoke this invitation?"
          description={`The link sent to ${invitation.email} will stop working.`}
          confirmLabel="Revoke invitation"
          pendingLabel="Revoking…"
          isDestructive
          onConfirm={async () => {
            await revoke.mutateAsync(invitation.id);
            toast.success('Invitation revoked');
          }}
        />
      ) : null}
    </li>
  );
}

const roleLabel: Record<TeamMember['role'], string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
};

/** Making a colleague an admin (owners) and taking them off the team (owners and admins). */
function MemberActions({
  member,
  canRemove,
  canChangeRoles,
}: {
  member: TeamMember;
  canRemove: boolean;
  canChangeRoles: boolean;
}) {
  const remove = useRemoveTeamMember();
  const changeRole = useChangeTeamRole();
  if (member.role === 'owner' || member.isYou) return null;
  const who = member.displayName ?? member.email ?? 'this member';
  const nextRole = member.role === 'admin' ? 'member' : 'admin';
  return (
    <div className="flex flex-wrap gap-2">
      {canChangeRoles ? (
        <Button
          variant="outline"
          size="sm"
          disabled={changeRole.isPending}
          aria-label={`Make ${who} ${nextRole === 'admin' ? 'an admin' : 'a member'}`}
          onClick={() =>
            changeRole.mutate(
              { userId: member.userId, role: nextRole },
              {
                onSuccess: () =>
                  toast.success(`${who} is now ${roleLabel[nextRole].toLowerCase()}`),
                onError: (error) =>
                  toast.error(toErrorMessage(error, 'The role could not be changed.')),
              },
            )
          }
        >
          {nextRole === 'admin' ? 'Make admin' : 'Make member'}
        </Button>
      ) : null}
      {canRemove && (member.role === 'member' || canChangeRoles) ? (
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm" aria-label={`Remove ${who}`}>
              Remove
            </Button>
          }
          title={`Remove ${who} from the team?`}
          description="They lose access to this business's dashboard, keys and data at once."
          confirmLabel="Remove member"
          pendingLabel="Removing…"
          isDestructive
          onConfirm={async () => {
            await remove.mutateAsync(member.userId);
            toast.success(`${who} was removed from the team`);
          }}
        />
      ) : null}
    </div>
  );
}

/** The people who run the shop on ipick, and the invitations still open. */
export function TeamManager() {
  const team = useTeam();
  const access = useMerchantAccess();
  if (!team.data) return <SectionLoad query={team} what="team" />;
  const { members, invitations } = team.data;
  // Owners and admins manage the team, while the business may change anything (not when
  // suspended).
  const canManage = team.data.canManage && access.may('write');

  return (
    <div className="flex flex-col gap-5">
      <ul aria-label="Team members" className="flex flex-col gap-2">
        {members.map((member) => (
          <li
            key={member.userId}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3"
          >
            <div className="flex min-w-0 flex-col">
              <span className="text-sm font-medium break-all">
                {member.displayName ?? member.email ?? 'Unnamed member'}
                {member.isYou ? ' (you)' : ''}
              </span>
              {member.displayName && member.email ? (
                <span className="text-xs text-muted-foreground break-all">{member.email}</span>
              ) : null}
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={member.role === 'owner' ? 'success' : 'default'}>
                {roleLabel[member.role]}
              </Badge>
              <MemberActions
                member={member}
                canRemove={canManage}
                canChangeRoles={team.data.canChangeRoles && access.may('write')}
              />
            </div>
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">Pending invitations</h3>
        {invitations.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No invitations are waiting.{canManage ? ' Invite a colleague below.' : ''}
          </p>
        ) : (
          <ul aria-label="Pending invitations" className="flex flex-col gap-2">
            {invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} canManage={canManage} />
            ))}
          </ul>
        )}
      </div>
      {canManage ? (
        access.may('send-mail') ? (
          <InviteForm />
        ) : (
          <MerchantActionNote action="send-mail" />
        )
      ) : team.data.canManage ? null : (
        <p className="text-sm text-muted-foreground">
          Only an owner or admin can invite people, revoke invitations or remove members.
        </p>
      )}
    </div>
  );
}
