import type { User } from '@formbridge/contract/auth';
import type { CurrentUser } from '../../lib/current-user.ts';

export function presentUser(user: CurrentUser): User {
  return { id: user.id, email: user.email, created_at: user.created_at };
}
