import { invitationStatus, type Invitation } from '@formbridge/contract/invitations';
import type { InvitationRow } from './invitations.repo.ts';

export function presentInvitation(row: InvitationRow, now: number = Date.now()): Invitation {
  return {
    id: row.id,
    email: row.email,
    status: invitationStatus(row, now),
    created_at: row.created_at,
    expires_at: row.expires_at,
    accepted_at: row.accepted_at,
  };
}
