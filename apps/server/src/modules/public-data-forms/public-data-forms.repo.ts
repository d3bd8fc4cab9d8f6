import type { Db } from '../../db/database.ts';

// Which record files came through which data link: a visitor may remove those and no others.

export async function insertLinkUpload(db: Db, linkId: string, fileId: string): Promise<void> {
  await db
    .insertInto('public_link_uploads')
    .values({ link_id: linkId, file_id: fileId, created_at: new Date().toISOString() })
    .execute();
}

/** Ids of the files uploaded through the link that still exist. */
export async function listLinkUploadIds(db: Db, linkId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('public_link_uploads')
    .select('file_id')
    .where('link_id', '=', linkId)
    .execute();
  return new Set(rows.map((row) => row.file_id));
}

/** True when the file was uploaded through this link (and still exists). */
export async function isLinkUpload(db: Db, linkId: string, fileId: string): Promise<boolean> {
  const row = await db
    .selectFrom('public_link_uploads')
    .select('file_id')
    .where('link_id', '=', linkId)
    .where('file_id', '=', fileId)
    .executeTakeFirst();
  return row !== undefined;
}
