import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { readTemplate, type StoredTemplate } from './templates.model.ts';
import {
  findTemplate as findTemplateRow,
  shareLockTemplate as shareLockTemplateRow,
} from './templates.repo.ts';

// What other modules do with templates, always for one owner. Each function runs on the `db` it
// is given: `ctx.db` for a read of its own, the caller's transaction to be part of its unit of
// work (docs/decisions.md, "Module surfaces").

/** The owner's template, or undefined for a missing id and for someone else's. */
export async function findTemplate(
  db: Db,
  ownerId: string,
  id: string,
): Promise<StoredTemplate | undefined> {
  const row = await findTemplateRow(db, ownerId, id);
  return row && readTemplate(row);
}

/** The owner's template, or 404 (also for another user's template). */
export async function requireTemplate(
  db: Db,
  ownerId: string,
  id: string,
): Promise<StoredTemplate> {
  const template = await findTemplate(db, ownerId, id);
  if (!template) {
    throw notFound('Template');
  }
  return template;
}

/**
 * The owner's template, share-locked until `trx` ends (a mapping or link about to point at it):
 * a concurrent delete waits and cascades to it, or has won and this is undefined.
 */
export async function shareLockTemplate(
  trx: Db,
  ownerId: string,
  id: string,
): Promise<StoredTemplate | undefined> {
  const row = await shareLockTemplateRow(trx, ownerId, id);
  return row && readTemplate(row);
}
