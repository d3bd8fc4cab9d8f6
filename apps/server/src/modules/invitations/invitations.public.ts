// The invitations module's surface for other modules (the only file they may import: eslint
// zones): accepting an invitation inside the sign-up's transaction, inviting into a workspace.
export {
  acceptInvitation,
  createMemberInvitation,
  type InvitationInto,
} from './invitations.service.ts';
export { presentInvitation } from './invitations.presenter.ts';
