import type { AuditChange } from '@formbridge/contract/audit';
import { FIELD_TYPE_LABELS, type CombinationRule, type Field } from '@formbridge/contract/tables';
import type { Db } from '../../db/database.ts';
import { recordAudit } from './record-audit.ts';
import type { AuditScope } from './request-scope.ts';

/** What a table's schema is made of, as the audit log compares it. */
export type SchemaSnapshot = {
  name: string;
  fields: readonly Field[];
  combination_rules: readonly CombinationRule[];
  use_display_field: boolean;
  display_field_key: string | null;
};

function describeField(field: Field): string {
  const parts: string[] = [FIELD_TYPE_LABELS[field.type]];
  if (field.label && field.label !== field.name) {
    parts.push(`label "${field.label}"`);
  }
  if (field.required) {
    parts.push('required');
  }
  if (field.type === 'link' && field.linked_table_id) {
    parts.push(`to table ${field.linked_table_id}`);
  }
  return parts.join(', ');
}

function describeRule(rule: CombinationRule): string {
  return `${rule.source_fields.join(' + ')} (separator "${rule.separator}")`;
}

function diffNamed<T extends { name: string }>(
  prefix: string,
  before: readonly T[],
  after: readonly T[],
  describe: (item: T) => string,
): AuditChange[] {
  const was = new Map(before.map((item) => [item.name, describe(item)]));
  const now = new Map(after.map((item) => [item.name, describe(item)]));
  const changes: AuditChange[] = [];
  for (const name of new Set([...was.keys(), ...now.keys()])) {
    const a = was.get(name) ?? null;
    const b = now.get(name) ?? null;
    if (a !== b) {
      changes.push({ field: `${prefix} ${name}`, before: a, after: b });
    }
  }
  return changes;
}

const displayField = (s: SchemaSnapshot) => (s.use_display_field ? s.display_field_key : null);

/**
 * A schema change, field by field: each column and combination rule added, removed or changed
 * (a rename reads as the old name removed and the new one added), the name and the display field.
 * `before` null: a created table; `after` null: a deleted one.
 */
export function diffSchema(
  before: SchemaSnapshot | null,
  after: SchemaSnapshot | null,
): AuditChange[] {
  const changes: AuditChange[] = [];
  if ((before?.name ?? null) !== (after?.name ?? null)) {
    changes.push({ field: 'name', before: before?.name ?? null, after: after?.name ?? null });
  }
  changes.push(
    ...diffNamed('field', before?.fields ?? [], after?.fields ?? [], describeField),
    ...diffNamed(
      'combination',
      before?.combination_rules ?? [],
      after?.combination_rules ?? [],
      describeRule,
    ),
  );
  const shownBefore = before ? displayField(before) : null;
  const shownAfter = after ? displayField(after) : null;
  if (shownBefore !== shownAfter) {
    changes.push({ field: 'display field', before: shownBefore, after: shownAfter });
  }
  return changes;
}

/**
 * The event of a table's creation (before null), schema change or deletion (after null), named
 * by the table's name at the time, with each column, rule and setting that changed.
 */
export async function auditTableWrite(
  trx: Db,
  scope: AuditScope,
  write: {
    action: 'table.created' | 'table.schema_changed' | 'table.deleted';
    tableId: string;
    before: SchemaSnapshot | null;
    after: SchemaSnapshot | null;
  },
): Promise<void> {
  const name = write.after?.name ?? write.before?.name ?? write.tableId;
  await recordAudit(trx, scope.actor, {
    workspaceId: scope.workspaceId,
    action: write.action,
    target: { kind: 'table', id: write.tableId, name },
    changes: diffSchema(write.before, write.after),
  });
}
