import type { Db } from '../../db/database.ts';
import { findTable } from '../tables/tables.public.ts';

// How the audit log names and shows a mapping: the template and PDF field it fills, and what
// fills it (table, column or universal key, transform).

export function mappingTarget(id: string, templateName: string, fieldName: string) {
  return { kind: 'mapping' as const, id, name: `${templateName} · ${fieldName}` };
}

export function describeMapping(
  row: { mapped_field_key: string; mapped_table_id: string; transform: string | null },
  tableName: string | undefined,
): Record<string, string | null> {
  return {
    table: tableName ?? row.mapped_table_id,
    'mapped to': row.mapped_field_key,
    transform: row.transform,
  };
}

/** Names of the owner's tables by id (a table that is gone is left out). */
export async function loadTableNames(
  db: Db,
  ownerId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const id of new Set(ids)) {
    const table = await findTable(db, ownerId, id);
    if (table) {
      names.set(id, table.name);
    }
  }
  return names;
}
