import {
  assignableRoleSchema,
  ROLE_LABELS,
  type Member,
  type AssignableRole,
} from '@formbridge/contract/workspaces';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { ASSIGNABLE_ROLES } from './assignable-roles';

type Props = {
  member: Member;
  isSelf: boolean;
  /** The viewer of the page is the Owner: they may hand ownership on. */
  isOwnerViewing: boolean;
  isBusy: boolean;
  onChangeRole: (role: AssignableRole) => void;
  onRemove: () => void;
  onTransfer: () => void;
};

/** One member: the Owner's row is fixed; others get a role choice, removal and a transfer. */
export function MemberRow({
  member,
  isSelf,
  isOwnerViewing,
  isBusy,
  onChangeRole,
  onRemove,
  onTransfer,
}: Props) {
  const isOwner = member.role === 'owner';
  return (
    <tr>
      <td className="px-4 py-3 break-all text-slate-900">
        {member.email}
        {isSelf ? <span className="ml-2 text-xs text-slate-500">(you)</span> : null}
      </td>
      <td className="px-4 py-3">
        {isOwner ? (
          <span className="font-medium text-slate-700">{ROLE_LABELS.owner}</span>
        ) : (
          <SelectField
            label={`Role of ${member.email}`}
            isLabelHidden
            value={member.role}
            disabled={isBusy}
            onChange={(event) => {
              const role = assignableRoleSchema.safeParse(event.target.value);
              if (role.success) {
                onChangeRole(role.data);
              }
            }}
            className="w-36"
          >
            {ASSIGNABLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </SelectField>
        )}
      </td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap justify-end gap-2">
          {isOwnerViewing && !isSelf ? (
            <Button
              variant="secondary"
              disabled={isBusy}
              onClick={onTransfer}
              aria-label={`Transfer ownership to ${member.email}`}
            >
              Make Owner
            </Button>
          ) : null}
          {isOwner || isSelf ? null : (
            <Button
              variant="ghost"
              disabled={isBusy}
              onClick={onRemove}
              aria-label={`Remove ${member.email}`}
              className="text-red-600"
            >
              Remove
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}
