import type { Db } from '../../db/database.ts';
import { toBoolean } from '../../db/dialect.ts';
import { findDataLinkByToken as selectDataLinkByToken } from './data-links.repo.ts';

/** A public data link as other modules see it: whose record it opens, and whether it may. */
export type StoredDataLink = {
  id: string;
  owner_id: string;
  token: string;
  table_id: string;
  record_id: string;
  is_active: boolean;
  expires_at: string | null;
  custom_message: string | null;
  created_at: string;
  updated_at: string;
};

/** The link behind a token, active or not (the public data form's only way in). */
export async function findDataLinkByToken(
  db: Db,
  token: string,
): Promise<StoredDataLink | undefined> {
  const row = await selectDataLinkByToken(db, token);
  return row && { ...row, is_active: toBoolean(row.is_active) };
}
