// The invitations module's surface for other modules (the only file they may import: eslint
// zones): accepting an invitation inside the sign-up's transaction.
export { acceptInvitation } from './invitations.service.ts';
