import { z } from 'zod';
import { emailField } from './auth.ts';

// Workspaces: every template, table, mapping, completed form, job and link belongs to a
// workspace; members act in it with a role. Sign-up creates a personal workspace whose id is the
// account's own id (so items made before workspaces existed are already in it).

/** The header naming the workspace a request acts in; without it, the caller's personal one. */
export const WORKSPACE_HEADER = 'X-Workspace-Id';

/** Roles from most to least rights; each role can do everything the ones after it can. */
export const WORKSPACE_ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export const workspaceRoleSchema = z.enum(WORKSPACE_ROLES);
export type WorkspaceRole = z.infer<typeof workspaceRoleSchema>;

/** Roles a member can be given or changed to (ownership moves only by a transfer). */
export const assignableRoleSchema = z.enum(['admin', 'editor', 'viewer']);
export type AssignableRole = z.infer<typeof assignableRoleSchema>;

const ROLE_RANK: Record<WorkspaceRole, number> = { owner: 3, admin: 2, editor: 1, viewer: 0 };

/** True when `role` has at least the rights of `needed`. */
export function roleAllows(role: WorkspaceRole, needed: WorkspaceRole): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[needed];
}

export const ROLE_LABELS: Record<WorkspaceRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  viewer: 'Viewer',
};

/** What each role may do, in the words the members screen shows. */
export const ROLE_DESCRIPTIONS: Record<WorkspaceRole, string> = {
  owner: 'Everything, including deleting the workspace and transferring ownership.',
  admin: 'Members, roles and settings, and everything an Editor can do.',
  editor: 'Tables, records, templates, mappings, generation, e-mail, public and data links.',
  viewer: 'Reads and downloads only.',
};

/** The 403 detail when a member's role is below what the action needs. */
export function roleNeededMessage(needed: WorkspaceRole, role: WorkspaceRole): string {
  const article = needed === 'admin' || needed === 'owner' || needed === 'editor' ? 'an' : 'a';
  const neededLabel = needed === 'owner' ? 'the Owner' : `${article} ${ROLE_LABELS[needed]}`;
  return `This needs ${neededLabel} of this workspace; your role is ${ROLE_LABELS[role]}.`;
}

export const WORKSPACE_MESSAGES = {
  notFound: 'Workspace not found.',
  lastOwner: 'The workspace needs its Owner: transfer ownership to another member before leaving.',
  ownerRole:
    "The Owner's role cannot be changed here: transfer ownership to another member instead.",
  alreadyMember: 'This person is already a member of this workspace.',
  memberNotFound: 'Member not found.',
  personalNotDeletable: 'Your personal workspace cannot be deleted.',
  personalNotTransferable: 'A personal workspace stays with its account; it cannot be transferred.',
} as const;

/** The 409 when an account to be deleted is the Owner of a workspace others still use. */
export function soleOwnerMessage(workspaceName: string): string {
  return `This account owns the workspace "${workspaceName}", which has other members: transfer its ownership first.`;
}

export const WORKSPACE_NAME_MAX = 100;

export const workspaceNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name for the workspace.')
  .max(WORKSPACE_NAME_MAX, `Use at most ${WORKSPACE_NAME_MAX} characters.`);

/** Body of POST /api/v1/workspaces (the creator becomes its Owner) and PATCH /workspaces/{id}. */
export const workspaceCreateBodySchema = z.object({ name: workspaceNameSchema });
export type WorkspaceCreateBody = z.infer<typeof workspaceCreateBodySchema>;

/** One workspace as a member sees it. */
export const workspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: workspaceRoleSchema,
  personal: z.boolean(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

/** GET /api/v1/workspaces. */
export const workspaceListSchema = z.object({ workspaces: z.array(workspaceSchema) });
export type WorkspaceList = z.infer<typeof workspaceListSchema>;

/** One member of a workspace. */
export const memberSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  role: workspaceRoleSchema,
});
export type Member = z.infer<typeof memberSchema>;

/** GET /api/v1/workspaces/{id}/members. */
export const memberListSchema = z.object({ members: z.array(memberSchema) });
export type MemberList = z.infer<typeof memberListSchema>;

/**
 * Body of POST /api/v1/workspaces/{id}/members: an existing account is added at once (201, the
 * member); an address without one is e-mailed an invitation into the workspace (202, the
 * invitation).
 */
export const memberAddBodySchema = z.object({ email: emailField, role: assignableRoleSchema });
export type MemberAddBody = z.infer<typeof memberAddBodySchema>;

/** Body of PATCH /api/v1/workspaces/{id}/members/{user_id}. */
export const memberRoleBodySchema = z.object({ role: assignableRoleSchema });
export type MemberRoleBody = z.infer<typeof memberRoleBodySchema>;

/** Body of POST /api/v1/workspaces/{id}/transfer: the new Owner (the old one becomes Admin). */
export const ownershipTransferBodySchema = z.object({ user_id: z.string().min(1).max(64) });
export type OwnershipTransferBody = z.infer<typeof ownershipTransferBodySchema>;

/**
 * One pending invitation into a workspace (the members screen): not yet used, not expired.
 * `invited_by` is the sender's address; `created_at` is when the newest link was sent.
 */
export const workspaceInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: assignableRoleSchema,
  invited_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type WorkspaceInvitation = z.infer<typeof workspaceInvitationSchema>;

/** GET /api/v1/workspaces/{id}/invitations: the pending ones, newest first. */
export const workspaceInvitationListSchema = z.object({
  invitations: z.array(workspaceInvitationSchema),
});
export type WorkspaceInvitationList = z.infer<typeof workspaceInvitationListSchema>;
