import type { AdminUser } from '@formbridge/contract/admin';
import { toBoolean } from '../../db/dialect.ts';
import type { AccountRow } from './admin.repo.ts';

export function presentAccount(row: AccountRow): AdminUser {
  const isAdmin = toBoolean(row.is_admin);
  return {
    id: row.id,
    email: row.email,
    is_admin: isAdmin,
    disabled: toBoolean(row.disabled),
    can_invite: isAdmin || toBoolean(row.can_invite),
    created_at: row.created_at,
  };
}
