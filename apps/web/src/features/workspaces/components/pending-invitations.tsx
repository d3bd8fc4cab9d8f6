import { ROLE_LABELS, type WorkspaceInvitation } from '@formbridge/contract/workspaces';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadFailed } from '../../../components/ui/load-failed';
import { describeError } from '../../../lib/describe-error';
import { formatDate, formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import {
  useResendInvitation,
  useWithdrawInvitation,
  useWorkspaceInvitations,
} from '../api/invitations-api';

/**
 * Invitations e-mailed to addresses without an account, not used yet: shown under the members
 * (only when there are some) with Withdraw (asks first) and Resend (a new link).
 */
export function PendingInvitations({ workspaceId }: { workspaceId: string }) {
  const invitations = useWorkspaceInvitations(workspaceId);
  const withdraw = useWithdrawInvitation(workspaceId);
  const resend = useResendInvitation(workspaceId);
  const [withdrawing, setWithdrawing] = useState<WorkspaceInvitation | null>(null);
  const isBusy = withdraw.isPending || resend.isPending;

  if (invitations.isError) {
    return (
      <LoadFailed
        what="the pending invitations"
        reason={describeError(invitations.error, 'Failed to load the pending invitations')}
        onRetry={() => void invitations.refetch()}
        isRetrying={invitations.isFetching}
      />
    );
  }
  if (!invitations.data || invitations.data.length === 0) {
    return null;
  }
  const onResend = async (invitation: WorkspaceInvitation) => {
    try {
      await resend.mutateAsync(invitation.id);
      notify.success(`Invitation sent again to ${invitation.email}`);
    } catch (caught) {
      const reason = describeError(
        caught,
        `Failed to resend the invitation to ${invitation.email}`,
      );
      // A refused or failed mail replaces nothing (the server stores the new link only once sent).
      const status = (caught as { status?: number }).status;
      const isKept = status === 422 || status === 502;
      notify.error(
        isKept ? `${reason.replace(/\.?$/, '.')} The link sent before still works.` : reason,
      );
    }
  };
  const onWithdraw = async (invitation: WorkspaceInvitation) => {
    try {
      await withdraw.mutateAsync(invitation.id);
      notify.success(`Invitation to ${invitation.email} withdrawn`);
    } catch (caught) {
      notify.error(
        describeError(caught, `Failed to withdraw the invitation to ${invitation.email}`),
      );
    } finally {
      setWithdrawing(null);
    }
  };

  return (
    <section aria-labelledby="pending-invitations" className="space-y-2">
      <h2 id="pending-invitations" className="text-lg font-semibold text-slate-900">
        Pending invitations
      </h2>
      <ul className="divide-y divide-slate-100 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
        {invitations.data.map((invitation) => (
          <li
            key={invitation.id}
            aria-label={`Invitation to ${invitation.email}`}
            className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm"
          >
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900">{invitation.email}</p>
              <p className="text-slate-500">
                Invited — pending · {ROLE_LABELS[invitation.role]} · by {invitation.invited_by} ·
                sent{' '}
                <time dateTime={invitation.created_at}>
                  {formatDateTime(invitation.created_at)}
                </time>{' '}
                · expires{' '}
                <time dateTime={invitation.expires_at}>{formatDate(invitation.expires_at)}</time>
              </p>
            </div>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                disabled={isBusy}
                onClick={() => void onResend(invitation)}
                aria-label={`Resend the invitation to ${invitation.email}`}
              >
                Resend
              </Button>
              <Button
                variant="ghost"
                disabled={isBusy}
                onClick={() => setWithdrawing(invitation)}
                aria-label={`Withdraw the invitation to ${invitation.email}`}
                className="text-red-600"
              >
                Withdraw
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {withdrawing ? (
        <ConfirmDialog
          title="Withdraw invitation"
          message={`The link e-mailed to ${withdrawing.email} stops working at once.`}
          confirmLabel="Withdraw"
          busyLabel="Withdrawing..."
          isBusy={withdraw.isPending}
          onConfirm={() => void onWithdraw(withdrawing)}
          onCancel={() => setWithdrawing(null)}
        />
      ) : null}
    </section>
  );
}
