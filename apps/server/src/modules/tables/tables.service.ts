import crypto from 'node:crypto';
import type { CreateTableBody } from '@formbridge/contract/tables';
import { validateTableSchema } from '@formbridge/contract/tables-validation';
import type { AppContext } from '../../lib/context.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { listTemplateNamesUsingTable } from '../mappings/mappings.public.ts';
import { listTableFiles } from '../record-files/record-files.public.ts';
import { removeStoredFiles } from '../record-files/record-files.storage.ts';
import {
  inBody,
  linkTargetIds,
  listLinkFieldsTo,
  readTable,
  type StoredTable,
} from './tables.model.ts';
import {
  deleteTableRow,
  findTable,
  insertTable,
  listTables,
  lockTable,
  shareLockTables,
} from './tables.repo.ts';

export type TableWithCount = StoredTable & { record_count: number };

/** The owner's tables, newest first, each with its record count. */
export async function listTablesWithCounts(
  ctx: AppContext,
  ownerId: string,
): Promise<TableWithCount[]> {
  // The count kept on each table row (records.repo changes it with every insert and delete).
  const rows = await listTables(ctx.db, ownerId);
  return rows.map((row) => ({ ...readTable(row), record_count: Number(row.record_count) }));
}

/** The owner's table with its record count, or 404 (also for another user's table). */
export async function getTable(
  ctx: AppContext,
  ownerId: string,
  id: string,
): Promise<TableWithCount> {
  const row = await findTable(ctx.db, ownerId, id);
  if (!row) {
    throw notFound('Table');
  }
  return { ...readTable(row), record_count: Number(row.record_count) };
}

/**
 * Creates a table after the spec's §5 rules; link fields must point at the owner's tables.
 * `alongside` runs in the same transaction once the table is in (a table made from a form writes
 * its mappings there), so a failure leaves neither behind.
 */
export async function createTable(
  ctx: AppContext,
  ownerId: string,
  body: CreateTableBody,
  alongside?: (trx: Db, table: StoredTable) => Promise<void>,
): Promise<TableWithCount> {
  return ctx.db.transaction().execute(async (trx) => {
    // Linked tables locked first: deleting one now waits for this table, then refuses (409).
    await shareLockTables(trx, ownerId, linkTargetIds(body.fields));
    const tables = await listTables(trx, ownerId);
    const issues = validateTableSchema(body, { linkableTableIds: tables.map((row) => row.id) });
    if (issues.length > 0) {
      throw validationError(inBody(issues));
    }
    const now = new Date().toISOString();
    const id = crypto.randomUUID();
    await insertTable(trx, {
      id,
      owner_id: ownerId,
      name: body.name,
      fields: JSON.stringify(body.fields),
      combination_rules: JSON.stringify(body.combination_rules),
      use_display_field: body.use_display_field,
      display_field_key: body.display_field_key,
      created_at: now,
      updated_at: now,
    });
    const row = await findTable(trx, ownerId, id);
    if (!row) {
      throw new Error('Inserted table not found');
    }
    const table = readTable(row);
    await alongside?.(trx, table);
    return { ...table, record_count: 0 };
  });
}

function quoteList(names: readonly string[]): string {
  const quoted = names.map((name) => `'${name}'`);
  return quoted.length <= 1
    ? (quoted[0] ?? '')
    : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1) ?? ''}`;
}

function describeUses(linkingTables: readonly string[], templates: readonly string[]): string {
  const uses: string[] = [];
  if (linkingTables.length > 0) {
    const noun = linkingTables.length === 1 ? 'table' : 'tables';
    uses.push(`linked from the ${noun} ${quoteList(linkingTables)}`);
  }
  if (templates.length > 0) {
    const noun = templates.length === 1 ? 'template' : 'templates';
    uses.push(`used by the field mappings of the ${noun} ${quoteList(templates)}`);
  }
  return uses.join(' and ');
}

/**
 * Deletes a table with its records and their files, unless another table links to it or a
 * template's mappings read from it (409 naming them). Files leave storage after the commit.
 */
export async function deleteTable(ctx: AppContext, ownerId: string, id: string): Promise<void> {
  const fileKeys = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockTable(trx, ownerId, id);
    if (!row) {
      throw notFound('Table');
    }
    const linking = (await listTables(trx, ownerId))
      .map(readTable)
      .filter((table) => table.id !== id && listLinkFieldsTo(table, id).length > 0)
      .map((table) => table.name)
      .sort((a, b) => a.localeCompare(b));
    const templates = await listTemplateNamesUsingTable(trx, ownerId, id);
    if (linking.length > 0 || templates.length > 0) {
      throw new AppError(
        409,
        `Table '${row.name}' cannot be deleted because it is ${describeUses(linking, templates)}.`,
        'table_in_use',
      );
    }
    const files = await listTableFiles(trx, ownerId, id);
    await deleteTableRow(trx, ownerId, id);
    return files.map((file) => file.file_key);
  });
  await removeStoredFiles(ctx, fileKeys);
}
