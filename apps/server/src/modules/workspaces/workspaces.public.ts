// The workspaces module's surface for other modules (the only file they may import: eslint
// zones): a new account's personal workspace, a membership from an accepted invitation, and a
// workspace's Owner.
export { addMembership, createPersonalWorkspace, findWorkspaceOwner } from './workspaces.access.ts';
