import type { Invitation, InvitationStatus } from '@formbridge/contract/invitations';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { describeError } from '../../../lib/describe-error';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useInvitations, useRevokeInvitation } from '../api/invitations-api';
import { InvitationForm } from './invitation-form';

const BADGES: Record<InvitationStatus, { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'bg-indigo-100 text-indigo-800' },
  accepted: { label: 'Accepted', className: 'bg-green-100 text-green-800' },
  expired: { label: 'Expired', className: 'bg-amber-100 text-amber-800' },
};

/** /invitations: invite colleagues by e-mail; see who has joined; revoke unused links. */
export function InvitationsPage() {
  const invitations = useInvitations();
  const revoke = useRevokeInvitation();
  const [pendingRevoke, setPendingRevoke] = useState<Invitation | null>(null);

  const confirmRevoke = async () => {
    if (!pendingRevoke) {
      return;
    }
    try {
      await revoke.mutateAsync(pendingRevoke.id);
      notify.success(`Invitation to ${pendingRevoke.email} revoked`);
    } catch (caught) {
      notify.error(describeError(caught, 'Failed to revoke the invitation'));
    } finally {
      setPendingRevoke(null);
    }
  };

  const list = invitations.data ?? [];
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Invitations</h1>
        <p className="text-sm text-slate-500">Invite colleagues to create their own account.</p>
      </div>
      <InvitationForm />
      {invitations.isPending ? (
        <Spinner />
      ) : invitations.isError ? (
        <LoadFailed
          what="your invitations"
          reason={describeError(invitations.error, 'Failed to load invitations')}
          onRetry={() => void invitations.refetch()}
          isRetrying={invitations.isFetching}
        />
      ) : list.length === 0 ? (
        <EmptyState title="No invitations sent yet" />
      ) : (
        <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Email
                </th>
                <th scope="col" className="px-4 py-2">
                  Status
                </th>
                <th scope="col" className="px-4 py-2">
                  Sent
                </th>
                <th scope="col" className="px-4 py-2">
                  Expires
                </th>
                <th scope="col" className="px-4 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.map((invitation) => {
                const badge = BADGES[invitation.status];
                return (
                  <tr key={invitation.id}>
                    <td className="break-all px-4 py-2 font-medium text-slate-900">
                      {invitation.email}
                    </td>
                    <td className="px-4 py-2">
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-medium ${badge.className}`}
                      >
                        {badge.label}
                      </span>
                    </td>
                    <td className="px-4 py-2 text-slate-600">
                      {formatDateTime(invitation.created_at)}
                    </td>
                    <td className="px-4 py-2 text-slate-600">
                      {invitation.status === 'accepted'
                        ? '–'
                        : formatDateTime(invitation.expires_at)}
                    </td>
                    <td className="px-4 py-2 text-right">
                      {invitation.status === 'accepted' ? null : (
                        <button
                          type="button"
                          aria-label={`Revoke invitation to ${invitation.email}`}
                          className="rounded-md px-2.5 py-1 text-xs font-medium text-red-600 ring-1 ring-red-200 hover:bg-red-50"
                          onClick={() => setPendingRevoke(invitation)}
                        >
                          Revoke
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {pendingRevoke ? (
        <ConfirmDialog
          title="Revoke invitation"
          message={`The link sent to ${pendingRevoke.email} will stop working.`}
          confirmLabel="Revoke"
          isBusy={revoke.isPending}
          onConfirm={() => void confirmRevoke()}
          onCancel={() => setPendingRevoke(null)}
        />
      ) : null}
    </div>
  );
}
