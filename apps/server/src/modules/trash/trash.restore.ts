import { linkTargetIds } from '@formbridge/contract/table-links';
import { TRASH_MESSAGES } from '@formbridge/contract/trash';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { rowsOf, type TrashPayload, type TrashRow } from '../../lib/trash/trash-rows.ts';
import { shareLockTemplate } from '../templates/templates.public.ts';
import { lockTable, shareLockTables } from '../tables/tables.public.ts';
import { isFieldMapped, selectLiveIds, selectTrashNames } from './trash.repo.ts';

// What a restore checks before it inserts anything: every row it puts back must point at rows
// that exist, or the restore is a 409 saying what to restore (or remove) first. The tables and
// templates it points at are locked as a record save or a mapping write locks them, so a delete
// running meanwhile waits and then takes the restored rows with it.

type LinkField = { name: string; type: string; linked_table_id?: string | null | undefined };

const conflict = (detail: string) => new AppError(409, detail, 'restore_conflict');
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const parse = <T>(value: unknown, fallback: T): T => {
  try {
    return JSON.parse(text(value)) as T;
  } catch {
    return fallback;
  }
};

async function goneName(trx: Db, workspaceId: string, id: string, fallback: string) {
  return (await selectTrashNames(trx, workspaceId, [id])).get(id) ?? fallback;
}

/** Link values of `records` that point outside `restored` at records that no longer exist. */
async function missingLinkTargets(
  trx: Db,
  workspaceId: string,
  fields: readonly LinkField[],
  records: readonly TrashRow[],
  restored: ReadonlySet<string>,
): Promise<string[]> {
  const links = fields.filter((field) => field.type === 'link');
  const targets = records.flatMap((record) => {
    const data = parse<Record<string, unknown>>(record.data, {});
    return links
      .flatMap((field) => [data[field.name]].flat())
      .filter((value): value is string => typeof value === 'string' && value !== '')
      .filter((value) => !restored.has(value));
  });
  const live = await selectLiveIds(trx, 'table_records', workspaceId, targets);
  return [...new Set(targets.filter((id) => !live.has(id)))];
}

async function checkTable(trx: Db, workspaceId: string, payload: TrashPayload) {
  const [table] = rowsOf(payload, 'dynamic_tables');
  const name = text(table?.name);
  const fields = parse<LinkField[]>(table?.fields, []);
  const others = [...new Set(linkTargetIds(fields).filter((id) => id !== table?.id))];
  const liveTables = await shareLockTables(trx, workspaceId, others);
  const goneTable = others.find((id) => !liveTables.has(id));
  if (goneTable !== undefined) {
    const linked = await goneName(trx, workspaceId, goneTable, 'a deleted table');
    throw conflict(TRASH_MESSAGES.linkedTableGone(name, linked));
  }
  const records = rowsOf(payload, 'table_records');
  const restored = new Set(records.map((record) => text(record.id)));
  const missing = await missingLinkTargets(trx, workspaceId, fields, records, restored);
  if (missing.length > 0) {
    throw conflict(TRASH_MESSAGES.linkedRecordsGone(name, missing.length));
  }
}

async function checkRecord(trx: Db, workspaceId: string, payload: TrashPayload, name: string) {
  const [record] = rowsOf(payload, 'table_records');
  const tableId = text(record?.table_id);
  const table = await lockTable(trx, workspaceId, tableId);
  if (!table) {
    const gone = await goneName(trx, workspaceId, tableId, 'deleted');
    throw conflict(TRASH_MESSAGES.tableGone(`Record '${name}'`, gone));
  }
  const restored = new Set([text(record?.id)]);
  const missing = await missingLinkTargets(
    trx,
    workspaceId,
    table.fields,
    [record ?? {}],
    restored,
  );
  if (missing.length > 0) {
    throw conflict(TRASH_MESSAGES.linkedRecordGone(name));
  }
}

async function checkMappingTables(trx: Db, workspaceId: string, what: string, rows: TrashRow[]) {
  const tableIds = [...new Set(rows.map((row) => text(row.mapped_table_id)))];
  const live = await shareLockTables(trx, workspaceId, tableIds);
  const gone = tableIds.find((id) => !live.has(id));
  if (gone !== undefined) {
    const table = await goneName(trx, workspaceId, gone, 'deleted');
    throw conflict(TRASH_MESSAGES.mappingTableGone(what, table));
  }
}

async function checkMapping(trx: Db, workspaceId: string, payload: TrashPayload, name: string) {
  const [mapping] = rowsOf(payload, 'field_mappings');
  const templateId = text(mapping?.template_id);
  if (!(await shareLockTemplate(trx, workspaceId, templateId))) {
    const template = await goneName(trx, workspaceId, templateId, 'deleted');
    throw conflict(TRASH_MESSAGES.templateGone(name, template));
  }
  await checkMappingTables(trx, workspaceId, `Mapping '${name}'`, mapping ? [mapping] : []);
  const field = text(mapping?.field_name);
  if (await isFieldMapped(trx, workspaceId, templateId, field)) {
    throw conflict(TRASH_MESSAGES.fieldMapped(name, field));
  }
}

/** Throws the restore's 409 when something the item's rows point at is gone. */
export async function checkRestore(
  trx: Db,
  workspaceId: string,
  item: { kind: string; name: string },
  payload: TrashPayload,
): Promise<void> {
  switch (item.kind) {
    case 'table':
      return checkTable(trx, workspaceId, payload);
    case 'record':
      return checkRecord(trx, workspaceId, payload, item.name);
    case 'template':
      return checkMappingTables(
        trx,
        workspaceId,
        `Template '${item.name}'`,
        rowsOf(payload, 'field_mappings'),
      );
    case 'mapping':
      return checkMapping(trx, workspaceId, payload, item.name);
    default:
      return undefined;
  }
}

/**
 * Leaves out public form links whose other end (template or record) is gone and not restored
 * with them: such a link died with that end, and a token never outlives what it points at.
 */
export async function withoutDeadLinks(
  trx: Db,
  workspaceId: string,
  payload: TrashPayload,
): Promise<TrashPayload> {
  const links = rowsOf(payload, 'public_form_links');
  if (links.length === 0) {
    return payload;
  }
  const inPayload = (table: 'pdf_templates' | 'table_records') =>
    rowsOf(payload, table).map((row) => text(row.id));
  const templates = await selectLiveIds(trx, 'pdf_templates', workspaceId, [
    ...links.map((link) => text(link.template_id)),
  ]);
  const records = await selectLiveIds(trx, 'table_records', workspaceId, [
    ...links.map((link) => text(link.record_id)),
  ]);
  for (const id of inPayload('pdf_templates')) {
    templates.add(id);
  }
  for (const id of inPayload('table_records')) {
    records.add(id);
  }
  const kept = links.filter(
    (link) => templates.has(text(link.template_id)) && records.has(text(link.record_id)),
  );
  return {
    tables: payload.tables.map((entry) =>
      entry.table === 'public_form_links' ? { table: entry.table, rows: kept } : entry,
    ),
  };
}
