import crypto from 'node:crypto';
import type { DataLinkCreateValues, DataLinkUpdateValues } from '@formbridge/contract/public-links';
import type { Db } from '../../db/database.ts';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { findRecord } from '../records/records.public.ts';
import { lockTable } from '../tables/tables.public.ts';
import { createPublicToken } from '../public-forms/public-forms.public.ts';
import {
  deleteDataLinkRow,
  insertDataLink,
  listDataLinkRows,
  updateDataLink,
  type DataLinkListRow,
  type NewDataLinkRow,
} from './data-links.repo.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import { auditDataLink } from './data-links.audit.ts';

async function requireListRow(db: Db, ownerId: string, id: string): Promise<DataLinkListRow> {
  const [row] = await listDataLinkRows(db, ownerId, id);
  if (!row) {
    throw notFound('Data link');
  }
  return row;
}

/** The owner's data links, newest first, with table names and record labels. */
export function listDataLinks(ctx: AppContext, ownerId: string): Promise<DataLinkListRow[]> {
  return listDataLinkRows(ctx.db, ownerId);
}

/** One of the owner's data links, or 404. */
export function getDataLink(
  ctx: AppContext,
  ownerId: string,
  id: string,
): Promise<DataLinkListRow> {
  return requireListRow(ctx.db, ownerId, id);
}

/**
 * Creates a data-collection link to one of the owner's records. Under the table lock, so the
 * record cannot be deleted between the check and the insert (which would be a foreign-key error).
 */
export async function createDataLink(
  ctx: AppContext,
  scope: AuditScope,
  ids: { tableId: string; recordId: string },
  input: DataLinkCreateValues,
): Promise<DataLinkListRow> {
  const ownerId = scope.workspaceId;
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await lockTable(trx, ownerId, ids.tableId))) {
      throw notFound('Table');
    }
    if (!(await findRecord(trx, ownerId, ids.tableId, ids.recordId))) {
      throw notFound('Record');
    }
    const now = new Date().toISOString();
    const row: NewDataLinkRow = {
      id: crypto.randomUUID(),
      owner_id: ownerId,
      token: createPublicToken(),
      table_id: ids.tableId,
      record_id: ids.recordId,
      is_active: input.is_active,
      expires_at: input.expires_at,
      custom_message: input.custom_message,
      created_at: now,
      updated_at: now,
      embed_origins: null,
    };
    await insertDataLink(trx, row);
    const created = await requireListRow(trx, ownerId, row.id);
    await auditDataLink(trx, scope, 'data_link.created', null, created);
    return created;
  });
}

/** Switches a link on or off and/or changes its expiry or message; keys left out stay. */
export async function changeDataLink(
  ctx: AppContext,
  scope: AuditScope,
  id: string,
  input: DataLinkUpdateValues,
): Promise<DataLinkListRow> {
  const ownerId = scope.workspaceId;
  return ctx.db.transaction().execute(async (trx) => {
    const before = await requireListRow(trx, ownerId, id);
    await updateDataLink(trx, ownerId, id, {
      ...(input.is_active === undefined ? {} : { is_active: input.is_active }),
      ...(input.expires_at === undefined ? {} : { expires_at: input.expires_at }),
      ...(input.custom_message === undefined ? {} : { custom_message: input.custom_message }),
      updated_at: new Date().toISOString(),
    });
    const after = await requireListRow(trx, ownerId, id);
    await auditDataLink(trx, scope, 'data_link.updated', before, after);
    return after;
  });
}

/**
 * Deletes a link. Files uploaded through it stay on the record: they are the owner's data now;
 * only the visitor's right to remove them ends with the link.
 */
export async function deleteDataLink(
  ctx: AppContext,
  scope: AuditScope,
  id: string,
): Promise<void> {
  const ownerId = scope.workspaceId;
  await ctx.db.transaction().execute(async (trx) => {
    const before = await requireListRow(trx, ownerId, id);
    if ((await deleteDataLinkRow(trx, ownerId, id)) === 0) {
      throw notFound('Data link');
    }
    await auditDataLink(trx, scope, 'data_link.deleted', before, null);
  });
}
