import { parseMappingKey } from '@formbridge/contract/mapping-keys';
import { migrateMappingKey, type MappingKeyRole } from '@formbridge/contract/tables-migration';
import type { SchemaChangePlan } from '@formbridge/contract/tables-schema-change';
import type { Db } from '../../db/database.ts';
import {
  dropMappings,
  listMappingsOfTables,
  moveMappingKey,
  type MappingTarget,
} from '../mappings/mappings.public.ts';
import { listLinkFieldsTo } from '@formbridge/contract/table-links';
import type { StoredTable } from '../tables/tables.public.ts';

export type DroppedMapping = {
  id: string;
  template_id: string;
  field_name: string;
  mapped_table_id: string;
  mapped_field_key: string;
};

type MappingMigrationInput = {
  current: StoredTable;
  plan: SchemaChangePlan;
  /** Every table of the owner, as stored before the change. */
  tables: readonly StoredTable[];
  now: string;
};

/**
 * How a mapping relates to the changed table: its own mappings, or `link.field` keys of another
 * table whose link field points here (the `.field` part names one of our fields). Anything else
 * is not affected.
 */
function roleOf(
  mapping: MappingTarget,
  tableId: string,
  linkNamesByTable: ReadonlyMap<string, ReadonlySet<string>>,
): MappingKeyRole | null {
  if (mapping.mapped_table_id === tableId) {
    return 'own';
  }
  const key = parseMappingKey(mapping.mapped_field_key);
  const links = linkNamesByTable.get(mapping.mapped_table_id);
  return key?.kind === 'linked' && links?.has(key.linkField) ? 'via-link' : null;
}

/**
 * Rewrites the mapping keys a schema change affects (renamed fields and rules keep their
 * mappings) and deletes the mappings whose target is gone; returns the deleted ones.
 */
export async function migrateMappings(
  trx: Db,
  input: MappingMigrationInput,
): Promise<DroppedMapping[]> {
  const { current, plan } = input;
  const linkNamesByTable = new Map<string, Set<string>>();
  for (const table of input.tables) {
    const names = listLinkFieldsTo(table, current.id).map((field) => field.name);
    if (table.id !== current.id && names.length > 0) {
      linkNamesByTable.set(table.id, new Set(names));
    }
  }
  const mappings = await listMappingsOfTables(trx, current.owner_id, [
    current.id,
    ...linkNamesByTable.keys(),
  ]);
  const dropped: DroppedMapping[] = [];
  for (const mapping of mappings) {
    const role = roleOf(mapping, current.id, linkNamesByTable);
    const next = role ? migrateMappingKey(mapping.mapped_field_key, plan, role) : undefined;
    if (next === null) {
      dropped.push(mapping);
    } else if (next !== undefined && next !== mapping.mapped_field_key) {
      await moveMappingKey(trx, current.owner_id, mapping.id, next, input.now);
    }
  }
  await dropMappings(
    trx,
    current.owner_id,
    dropped.map((mapping) => mapping.id),
  );
  return dropped;
}
