import type { AdminUser, AdminUserPatchBody } from '@formbridge/contract/admin';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth-context';
import { describeError } from '../../../lib/describe-error';
import { notify } from '../../../lib/toast';
import { useAdminUsers, useDeleteAdminUser, useUpdateAdminUser } from '../api/admin-users-api';
import { AdminUserRow } from './admin-user-row';

const HEADINGS = ['Email', 'Status', 'May invite', 'Created'];

/** /admin/users: the instance admin lists, disables, deletes accounts and decides who invites. */
export function AdminUsersPage() {
  const { user: me } = useAuth();
  const users = useAdminUsers();
  const update = useUpdateAdminUser();
  const remove = useDeleteAdminUser();
  const [pendingDelete, setPendingDelete] = useState<AdminUser | null>(null);

  const change = async (user: AdminUser, changes: AdminUserPatchBody, done: string) => {
    try {
      await update.mutateAsync({ id: user.id, changes });
      notify.success(done);
    } catch (caught) {
      notify.error(describeError(caught, `Failed to update ${user.email}`));
    }
  };
  const confirmDelete = async () => {
    if (!pendingDelete) {
      return;
    }
    try {
      await remove.mutateAsync(pendingDelete.id);
      notify.success(`${pendingDelete.email} deleted`);
    } catch (caught) {
      notify.error(describeError(caught, `Failed to delete ${pendingDelete.email}`));
    } finally {
      setPendingDelete(null);
    }
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Users</h1>
        <p className="text-sm text-slate-500">
          Every account on this server. A disabled account is signed out at once and cannot sign in
          until it is enabled again.
        </p>
      </div>
      {users.isPending ? (
        <Spinner />
      ) : users.isError ? (
        <LoadFailed
          what="the accounts"
          reason={describeError(users.error, 'Failed to load the accounts')}
          onRetry={() => void users.refetch()}
          isRetrying={users.isFetching}
        />
      ) : (
        <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
              <tr>
                {HEADINGS.map((heading) => (
                  <th key={heading} scope="col" className="px-4 py-2">
                    {heading}
                  </th>
                ))}
                <th scope="col" className="px-4 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {users.data.map((user) => (
                <AdminUserRow
                  key={user.id}
                  user={user}
                  isSelf={user.id === me?.id}
                  isBusy={update.isPending || remove.isPending}
                  onToggleDisabled={() =>
                    void change(
                      user,
                      { disabled: !user.disabled },
                      `${user.email} ${user.disabled ? 'enabled' : 'disabled'}`,
                    )
                  }
                  onToggleInvite={() =>
                    void change(
                      user,
                      { can_invite: !user.can_invite },
                      `${user.email} ${user.can_invite ? 'may no longer invite' : 'may invite'}`,
                    )
                  }
                  onDelete={() => setPendingDelete(user)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pendingDelete ? (
        <ConfirmDialog
          title="Delete account"
          message={`${pendingDelete.email} and everything it owns (templates, tables, records, forms, links) will be deleted for good.`}
          confirmLabel="Delete"
          isBusy={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPendingDelete(null)}
        />
      ) : null}
    </div>
  );
}
