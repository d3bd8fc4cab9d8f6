// The invitations module's surface for other modules (the only file they may import: eslint
// zones): accepting an invitation inside the sign-up's transaction, inviting into a workspace,
// and the workspace's pending invitations (list, withdraw, resend).
export {
  acceptInvitation,
  createMemberInvitation,
  type InvitationInto,
} from './invitations.service.ts';
export { presentInvitation } from './invitations.presenter.ts';
export {
  listWorkspaceInvitations,
  resendWorkspaceInvitation,
  withdrawWorkspaceInvitation,
  type InvitationEvent,
} from './invitations.workspace.ts';
export type { InvitationRow, WorkspaceInvitationRow } from './invitations.repo.ts';
