import type { AdminUser } from '@formbridge/contract/admin';
import { formatDateTime } from '../../../lib/format';

type Props = {
  user: AdminUser;
  isSelf: boolean;
  isBusy: boolean;
  onToggleDisabled: () => void;
  onToggleInvite: () => void;
  onDelete: () => void;
};

const ACTION = 'rounded-md px-2.5 py-1 text-xs font-medium ring-1 disabled:opacity-50';

/** One account in the admin's list with its actions (none that lock the admin out). */
export function AdminUserRow({
  user,
  isSelf,
  isBusy,
  onToggleDisabled,
  onToggleInvite,
  onDelete,
}: Props) {
  return (
    <tr>
      <td className="break-all px-4 py-2 font-medium text-slate-900">
        {user.email}
        {user.is_admin ? (
          <span className="ml-2 rounded-full bg-indigo-100 px-2 py-0.5 text-xs text-indigo-800">
            Admin
          </span>
        ) : null}
      </td>
      <td className="px-4 py-2">
        {user.disabled ? (
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs text-red-800">Disabled</span>
        ) : (
          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs text-green-800">
            Active
          </span>
        )}
      </td>
      <td className="px-4 py-2">
        <label className="inline-flex items-center gap-2 text-slate-700">
          <input
            type="checkbox"
            checked={user.can_invite}
            disabled={user.is_admin || isBusy}
            onChange={onToggleInvite}
            aria-label={`${user.email} may invite`}
          />
          {user.can_invite ? 'Yes' : 'No'}
        </label>
      </td>
      <td className="px-4 py-2 text-slate-600">{formatDateTime(user.created_at)}</td>
      <td className="space-x-2 whitespace-nowrap px-4 py-2 text-right">
        {isSelf ? (
          <span className="text-xs text-slate-500">You</span>
        ) : (
          <>
            <button
              type="button"
              disabled={isBusy}
              aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${user.email}`}
              className={`${ACTION} text-slate-700 ring-slate-300 hover:bg-slate-50`}
              onClick={onToggleDisabled}
            >
              {user.disabled ? 'Enable' : 'Disable'}
            </button>
            <button
              type="button"
              disabled={isBusy}
              aria-label={`Delete ${user.email}`}
              className={`${ACTION} text-red-600 ring-red-200 hover:bg-red-50`}
              onClick={onDelete}
            >
              Delete
            </button>
          </>
        )}
      </td>
    </tr>
  );
}
