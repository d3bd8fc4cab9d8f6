import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { InvitationsTable } from '../../db/schema.ts';

export type InvitationRow = Selectable<InvitationsTable>;

export async function insertInvitation(db: Db, row: InvitationRow): Promise<void> {
  await db.insertInto('invitations').values(row).execute();
}

/** The sender's invitations, newest first. */
export function listInvitationRows(db: Db, ownerId: string): Promise<InvitationRow[]> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** By the hash of a link's token alone: how an invited visitor gets in. */
export function findInvitationByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks an unused invitation used; 0 when it was used (or removed) in the meantime. */
export async function markInvitationAccepted(db: Db, id: string, at: string): Promise<number> {
  const result = await db
    .updateTable('invitations')
    .set({ accepted_at: at })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteInvitationRow(db: Db, ownerId: string, id: string): Promise<number> {
  const result = await db
    .deleteFrom('invitations')
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Drops the sender's earlier unused invitations to one address (a new one replaces them). */
export async function deleteOtherPendingInvitations(
  db: Db,
  ownerId: string,
  emailLower: string,
  keepId: string,
): Promise<void> {
  await db
    .deleteFrom('invitations')
    .where('owner_id', '=', ownerId)
    .where('email_lower', '=', emailLower)
    .where('accepted_at', 'is', null)
    .where('id', '!=', keepId)
    .execute();
}

/** Whether an account with this address exists (ignoring case). */
export async function isEmailRegistered(db: Db, emailLower: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email_lower', '=', emailLower)
    .executeTakeFirst();
  return row !== undefined;
}

/** A workspace invitation with its sender's address (the members screen). */
export type WorkspaceInvitationRow = InvitationRow & { invited_by: string };

/** The workspace's unused invitations still valid at `nowIso`, newest first. */
export function listPendingWorkspaceInvitationRows(
  db: Db,
  workspaceId: string,
  nowIso: string,
): Promise<WorkspaceInvitationRow[]> {
  return db
    .selectFrom('invitations')
    .innerJoin('users', 'users.id', 'invitations.owner_id')
    .selectAll('invitations')
    .select('users.email as invited_by')
    .where('invitations.workspace_id', '=', workspaceId)
    .where('invitations.accepted_at', 'is', null)
    .where('invitations.expires_at', '>', nowIso)
    .orderBy('invitations.created_at', 'desc')
    .orderBy('invitations.id', 'desc')
    .execute();
}

/** One invitation into this workspace (any state), or undefined. */
export function findWorkspaceInvitationRow(
  db: Db,
  workspaceId: string,
  id: string,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Removes an unused invitation into this workspace; 0 when there was none (or it was used). */
export async function deletePendingWorkspaceInvitationRow(
  db: Db,
  workspaceId: string,
  id: string,
): Promise<number> {
  const result = await db
    .deleteFrom('invitations')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Replaces an unused invitation's link: the old token stops working at once. */
export async function renewInvitationToken(
  db: Db,
  id: string,
  values: { token_hash: string; created_at: string; expires_at: string },
): Promise<number> {
  const result = await db
    .updateTable('invitations')
    .set(values)
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
