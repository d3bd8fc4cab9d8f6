import type { Member, Workspace, WorkspaceRole } from '@formbridge/contract/workspaces';
import type { MemberRow, WorkspaceOfMemberRow } from './workspaces.repo.ts';

/** A workspace as `userId` sees it; `personal` only for the caller's own personal one. */
export function presentWorkspace(row: WorkspaceOfMemberRow, userId: string): Workspace {
  return {
    id: row.id,
    name: row.name,
    role: row.role as WorkspaceRole,
    personal: row.personal_user_id === userId,
  };
}

export function presentMember(row: MemberRow): Member {
  return { user_id: row.user_id, email: row.email, role: row.role as WorkspaceRole };
}
