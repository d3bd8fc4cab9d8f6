// The workspaces module's surface for other modules (the only file they may import: eslint
// zones): a new account's personal workspace, a membership from an accepted invitation, and a
// workspace's Owner; what deleting an account does to the shared workspaces it owns.
export {
  addMembership,
  createPersonalWorkspace,
  findWorkspaceOwner,
  releaseWorkspacesOf,
} from './workspaces.access.ts';
