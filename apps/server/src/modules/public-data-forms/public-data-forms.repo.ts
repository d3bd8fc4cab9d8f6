import type { Db } from '../../db/database.ts';
import { hasRowLocks } from '../../db/dialect.ts';

// Which record files came through which data link: a visitor may remove those and no others.

/** True when the link still exists; it then stays locked for share until the transaction ends. */
export async function shareLockDataLink(trx: Db, linkId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('public_data_links')
    .select('id')
    .where('id', '=', linkId)
    .$if(hasRowLocks(trx), (qb) => qb.forShare())
    .executeTakeFirst();
  return row !== undefined;
}

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
