import { getLinkedRecordLabel } from '@formbridge/contract/display-name';
import { RECORD_HISTORY_MESSAGES as M } from '@formbridge/contract/record-history';
import { getEmptyValue } from '@formbridge/contract/records-values';
import type { Field } from '@formbridge/contract/tables';
import type { Db } from '../../db/database.ts';
import {
  HIDDEN_VALUE,
  isSecretField,
  type StoredRecordChange,
} from '../../lib/audit/record-changes.ts';
import { AppError } from '../../lib/errors.ts';
import type { StoredFile } from '../record-files/record-files.public.ts';
import { findTable, type StoredTable } from '../tables/tables.public.ts';
import { readRecordData } from './records.presenter.ts';
import { findExistingRecordIds, listRecords } from './records.repo.ts';

// What a history entry's "before" becomes when restored (docs/decisions.md, "Record history").
// Events since issue 32 keep the stored value next to the text: that is written back as is.
// Older events hold text only: a value is rebuilt from it only when the text names exactly one
// value (a number, Yes/No, a date or text as shown, a link whose label one record has);
// anything else is refused with a detail saying what to do instead.

const hasStoredValue = (change: StoredRecordChange) => Object.hasOwn(change, 'before_value');

/** The value a change's before text stands for, when the text alone names it. */
function parseText(
  field: Field,
  text: string | null,
): { ok: true; value: unknown } | { ok: false } {
  if (text === null) {
    return { ok: true, value: getEmptyValue(field.type) };
  }
  switch (field.type) {
    case 'string':
    case 'email':
    case 'date':
      return { ok: true, value: text };
    case 'number': {
      const value = Number(text);
      return text.trim() !== '' && Number.isFinite(value) ? { ok: true, value } : { ok: false };
    }
    case 'boolean':
      return text === 'Yes' || text === 'No' ? { ok: true, value: text === 'Yes' } : { ok: false };
    case 'link':
      // Resolved against the linked table when restoring (resolveLinkLabel).
      return { ok: true, value: undefined };
    case 'file':
      return { ok: false };
  }
}

/** Whether restoring this change can be tried at all (the answer's `restorable`). */
export function isRestorable(table: StoredTable, change: StoredRecordChange): boolean {
  const field = table.fields.find((f) => f.name === change.field);
  if (!field || isSecretField(field.name) || change.before === HIDDEN_VALUE) {
    return false;
  }
  return hasStoredValue(change) || parseText(field, change.before).ok;
}

/** The one record of the linked table whose label is `label`; 409 for none, 422 for several. */
async function resolveLinkLabel(db: Db, table: StoredTable, field: Field, label: string) {
  const linked = field.linked_table_id
    ? await findTable(db, table.owner_id, field.linked_table_id)
    : undefined;
  const rows = linked ? await listRecords(db, table.owner_id, linked.id) : [];
  const matching = rows.filter(
    (row) =>
      linked && getLinkedRecordLabel(linked, { id: row.id, data: readRecordData(row) }) === label,
  );
  if (matching.length === 0) {
    throw new AppError(409, M.linkGone(field.name, label), 'restore_link_gone');
  }
  if (matching.length > 1) {
    throw new AppError(422, M.unparsable(field.name), 'restore_not_possible');
  }
  return matching[0]?.id;
}

/** 409 when a link's record is gone; its id otherwise. */
async function checkLink(db: Db, table: StoredTable, field: Field, value: unknown, label: string) {
  if (typeof value !== 'string' || value === '' || !field.linked_table_id) {
    return;
  }
  const found = await findExistingRecordIds(db, table.owner_id, field.linked_table_id, [value]);
  if (!found.has(value)) {
    throw new AppError(409, M.linkGone(field.name, label), 'restore_link_gone');
  }
}

/**
 * 409 when a file the value lists was deleted (its bytes are gone) or when the record now holds
 * a file the value does not: a restore never deletes a file, that is the file's own DELETE.
 */
function checkFiles(field: Field, value: unknown, files: readonly StoredFile[], text: string) {
  const listed = Array.isArray(value) ? value.map(String) : [];
  const attached = files.filter((file) => file.field_name === field.name);
  if (listed.some((id) => !attached.some((file) => file.id === id))) {
    throw new AppError(409, M.fileGone(field.name, text), 'restore_file_gone');
  }
  const extra = attached.find((file) => !listed.includes(file.id));
  if (extra) {
    throw new AppError(409, M.fileExtra(field.name, extra.filename), 'restore_file_added');
  }
}

/**
 * The values to write back for these changes of an entry, by field name: 409 when a field,
 * a linked record or a file is gone, 422 when an older entry's text names no one value.
 */
export async function resolveRestoreValues(
  db: Db,
  table: StoredTable,
  files: readonly StoredFile[],
  changes: readonly StoredRecordChange[],
): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = {};
  for (const change of changes) {
    const field = table.fields.find((f) => f.name === change.field);
    if (!field) {
      throw new AppError(409, M.fieldGone(change.field), 'restore_field_gone');
    }
    if (isSecretField(field.name) || change.before === HIDDEN_VALUE) {
      throw new AppError(422, M.hidden(field.name), 'restore_not_possible');
    }
    let value: unknown;
    if (hasStoredValue(change)) {
      value = change.before_value ?? getEmptyValue(field.type);
    } else {
      const parsed = parseText(field, change.before);
      if (!parsed.ok) {
        throw new AppError(422, M.unparsable(field.name), 'restore_not_possible');
      }
      value =
        field.type === 'link' && change.before !== null
          ? await resolveLinkLabel(db, table, field, change.before)
          : parsed.value;
    }
    const text = change.before ?? '';
    if (field.type === 'link') {
      await checkLink(db, table, field, value, text);
    } else if (field.type === 'file') {
      checkFiles(field, value, files, text);
    }
    values[field.name] = value;
  }
  return values;
}
