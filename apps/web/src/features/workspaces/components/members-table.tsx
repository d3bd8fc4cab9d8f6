import { ROLE_LABELS, type AssignableRole, type Member } from '@formbridge/contract/workspaces';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth-context';
import { describeError } from '../../../lib/describe-error';
import { notify } from '../../../lib/toast';
import { useWorkspace } from '../../../lib/workspace-context';
import {
  useChangeMemberRole,
  useMembers,
  useRemoveMember,
  useTransferOwnership,
} from '../api/members-api';
import { MemberRow } from './member-row';

type Pending = { kind: 'remove' | 'transfer'; member: Member } | null;

/** The members of the workspace with their roles; every change shows the server's refusal. */
export function MembersTable({ workspaceId }: { workspaceId: string }) {
  const { user } = useAuth();
  const { current, role } = useWorkspace();
  const members = useMembers(workspaceId);
  const changeRole = useChangeMemberRole(workspaceId);
  const remove = useRemoveMember(workspaceId);
  const transfer = useTransferOwnership(workspaceId);
  const [pending, setPending] = useState<Pending>(null);
  const isBusy = changeRole.isPending || remove.isPending || transfer.isPending;

  const run = async (action: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await action();
      notify.success(done);
    } catch (caught) {
      notify.error(describeError(caught, failed));
    } finally {
      setPending(null);
    }
  };
  const onChangeRole = (member: Member, next: AssignableRole) =>
    void run(
      () => changeRole.mutateAsync({ userId: member.user_id, role: next }),
      `${member.email} is now ${ROLE_LABELS[next]}`,
      `Failed to change the role of ${member.email}`,
    );
  const confirm = () => {
    if (pending?.kind === 'remove') {
      void run(
        () => remove.mutateAsync(pending.member.user_id),
        `${pending.member.email} removed`,
        `Failed to remove ${pending.member.email}`,
      );
    } else if (pending?.kind === 'transfer') {
      void run(
        () => transfer.mutateAsync(pending.member.user_id),
        `${pending.member.email} is now the Owner`,
        'Failed to transfer ownership',
      );
    }
  };

  if (members.isPending) {
    return <Spinner />;
  }
  if (members.isError) {
    return (
      <LoadFailed
        what="the members"
        reason={describeError(members.error, 'Failed to load the members')}
        onRetry={() => void members.refetch()}
        isRetrying={members.isFetching}
      />
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="px-4 py-2">
              Email
            </th>
            <th scope="col" className="px-4 py-2">
              Role
            </th>
            <th scope="col" className="px-4 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {members.data.map((member) => (
            <MemberRow
              key={member.user_id}
              member={member}
              isSelf={member.user_id === user?.id}
              // A personal workspace stays with its account: nothing to transfer.
              isOwnerViewing={role === 'owner' && current?.personal === false}
              isBusy={isBusy}
              onChangeRole={(next) => onChangeRole(member, next)}
              onRemove={() => setPending({ kind: 'remove', member })}
              onTransfer={() => setPending({ kind: 'transfer', member })}
            />
          ))}
        </tbody>
      </table>
      {pending ? (
        <ConfirmDialog
          title={pending.kind === 'remove' ? 'Remove member' : 'Transfer ownership'}
          message={
            pending.kind === 'remove'
              ? `${pending.member.email} loses access to this workspace at once.`
              : `${pending.member.email} becomes the Owner of this workspace; you become an Admin.`
          }
          confirmLabel={pending.kind === 'remove' ? 'Remove' : 'Transfer ownership'}
          busyLabel={pending.kind === 'remove' ? 'Removing...' : 'Transferring...'}
          isBusy={isBusy}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </div>
  );
}
