import type { User } from '@formbridge/contract/auth';
import { toBoolean } from '../../db/dialect.ts';
import type { SessionUser } from '../../lib/current-user.ts';
import type { UserRow } from './auth.repo.ts';

export function presentUser(user: SessionUser): User {
  return {
    id: user.id,
    email: user.email,
    created_at: user.created_at,
    is_admin: user.is_admin,
    can_invite: user.can_invite,
  };
}

/** A row just created by sign-up (booleans as the database returned or took them). */
export function presentNewUser(row: UserRow): User {
  const isAdmin = toBoolean(row.is_admin);
  return {
    id: row.id,
    email: row.email,
    created_at: row.created_at,
    is_admin: isAdmin,
    can_invite: isAdmin || toBoolean(row.can_invite),
  };
}
