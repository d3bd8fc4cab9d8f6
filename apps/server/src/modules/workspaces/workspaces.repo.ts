import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { WorkspaceMembersTable, WorkspacesTable } from '../../db/schema.ts';

export type WorkspaceRow = Selectable<WorkspacesTable>;
export type MembershipRow = Selectable<WorkspaceMembersTable>;

/** A workspace of the account with the account's role in it. */
export type WorkspaceOfMemberRow = WorkspaceRow & { role: string };

/** A member with the e-mail address of their account. */
export type MemberRow = { user_id: string; email: string; role: string; created_at: string };

export async function insertWorkspace(db: Db, row: WorkspaceRow): Promise<void> {
  await db.insertInto('workspaces').values(row).execute();
}

export async function insertMembership(db: Db, row: MembershipRow): Promise<void> {
  await db.insertInto('workspace_members').values(row).execute();
}

/** The account's workspaces: its personal one first, then by name. */
export function listWorkspacesOfUser(db: Db, userId: string): Promise<WorkspaceOfMemberRow[]> {
  return db
    .selectFrom('workspace_members')
    .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
    .selectAll('workspaces')
    .select('workspace_members.role')
    .where('workspace_members.user_id', '=', userId)
    .orderBy('workspaces.created_at')
    .orderBy('workspaces.id')
    .execute();
}

/** The workspace with the account's role in it, or undefined when it is not a member. */
export function findWorkspaceOfMember(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<WorkspaceOfMemberRow | undefined> {
  return db
    .selectFrom('workspace_members')
    .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
    .selectAll('workspaces')
    .select('workspace_members.role')
    .where('workspace_members.workspace_id', '=', workspaceId)
    .where('workspace_members.user_id', '=', userId)
    .executeTakeFirst();
}

export function findWorkspace(db: Db, id: string): Promise<WorkspaceRow | undefined> {
  return db.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function renameWorkspaceRow(db: Db, id: string, name: string): Promise<void> {
  await db.updateTable('workspaces').set({ name }).where('id', '=', id).execute();
}

export async function deleteWorkspaceRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('workspaces').where('id', '=', id).execute();
}

/** Members, the longest-standing first. */
export function listMemberRows(db: Db, workspaceId: string): Promise<MemberRow[]> {
  return db
    .selectFrom('workspace_members')
    .innerJoin('users', 'users.id', 'workspace_members.user_id')
    .select([
      'workspace_members.user_id',
      'users.email',
      'workspace_members.role',
      'workspace_members.created_at',
    ])
    .where('workspace_members.workspace_id', '=', workspaceId)
    .orderBy('workspace_members.created_at')
    .orderBy('workspace_members.user_id')
    .execute();
}

export function findMemberRow(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<MemberRow | undefined> {
  return db
    .selectFrom('workspace_members')
    .innerJoin('users', 'users.id', 'workspace_members.user_id')
    .select([
      'workspace_members.user_id',
      'users.email',
      'workspace_members.role',
      'workspace_members.created_at',
    ])
    .where('workspace_members.workspace_id', '=', workspaceId)
    .where('workspace_members.user_id', '=', userId)
    .executeTakeFirst();
}

export async function setMemberRole(
  db: Db,
  workspaceId: string,
  userId: string,
  role: string,
): Promise<void> {
  await db
    .updateTable('workspace_members')
    .set({ role })
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMembership(db: Db, workspaceId: string, userId: string) {
  await db
    .deleteFrom('workspace_members')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .execute();
}

/** The account with that address (case ignored): id and address only. */
export function findUserIdByEmail(
  db: Db,
  emailLower: string,
): Promise<{ id: string; email: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email_lower', '=', emailLower)
    .executeTakeFirst();
}

/** The Owner's account of a workspace (id and address). */
export function findOwnerAccount(
  db: Db,
  workspaceId: string,
): Promise<{ id: string; email: string; created_at: string } | undefined> {
  return db
    .selectFrom('workspace_members')
    .innerJoin('users', 'users.id', 'workspace_members.user_id')
    .select(['users.id', 'users.email', 'users.created_at'])
    .where('workspace_members.workspace_id', '=', workspaceId)
    .where('workspace_members.role', '=', 'owner')
    .executeTakeFirst();
}

/** The shared workspaces the account owns, each with its number of members. */
export function listOwnedSharedWorkspaces(
  db: Db,
  userId: string,
): Promise<Array<{ id: string; name: string; member_count: number | string | bigint }>> {
  return db
    .selectFrom('workspace_members as mine')
    .innerJoin('workspaces', 'workspaces.id', 'mine.workspace_id')
    .innerJoin('workspace_members as all', 'all.workspace_id', 'workspaces.id')
    .select(['workspaces.id', 'workspaces.name'])
    .select((eb) => eb.fn.countAll().as('member_count'))
    .where('mine.user_id', '=', userId)
    .where('mine.role', '=', 'owner')
    .where('workspaces.personal_user_id', 'is', null)
    .groupBy(['workspaces.id', 'workspaces.name'])
    .execute();
}
