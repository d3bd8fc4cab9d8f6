import { carryMappings } from '@formbridge/contract/template-revision-carry';
import type { Db } from '../../db/database.ts';
import { toBoolean } from '../../db/dialect.ts';
import type { TemplateRevisionMappings } from '../templates/templates.public.ts';
import { listTables } from '../tables/tables.public.ts';
import { listTemplateMappingRows, type MappingRow } from './mappings.crud.repo.ts';
import { readMapping, type StoredMapping } from './mappings.model.ts';
import { deleteMappingRows, insertMapping } from './mappings.repo.ts';

// Mappings across template revisions (issue 32): kept with a revision when it stops being current,
// carried to the matched fields of a new revision, restored when an earlier one is made current.

function readSnapshot(snapshot: string | null): MappingRow[] {
  return snapshot ? (JSON.parse(snapshot) as MappingRow[]) : [];
}

/** The mappings of a revision's stored set that read from `tableId` (generation of that revision). */
export function readMappingSnapshot(snapshot: string | null, tableId: string): StoredMapping[] {
  return readSnapshot(snapshot)
    .filter((row) => row.mapped_table_id === tableId)
    .map(readMapping);
}

async function replaceRows(trx: Db, ownerId: string, remove: string[], rows: MappingRow[]) {
  // Deleted first, then inserted under their new field names: two mappings trading fields never
  // meet on one name half way.
  await deleteMappingRows(trx, ownerId, remove);
  for (const row of rows) {
    await insertMapping(trx, { ...row, suggested: toBoolean(row.suggested) });
  }
}

export const revisionMappings: TemplateRevisionMappings = {
  async snapshot(trx, ownerId, templateId) {
    return JSON.stringify(await listTemplateMappingRows(trx, ownerId, templateId));
  },

  async carry(trx, ownerId, templateId, { matches, oldData, newData }) {
    const rows = await listTemplateMappingRows(trx, ownerId, templateId);
    const { carried, dropped } = carryMappings(rows.map(readMapping), matches, oldData, newData);
    const moved = carried.filter((c) => c.from !== c.to);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const now = new Date().toISOString();
    const renamed = moved.map((c) => ({ ...byId.get(c.id)!, field_name: c.to, updated_at: now }));
    await replaceRows(
      trx,
      ownerId,
      [...moved.map((c) => c.id), ...dropped.map((d) => d.id)],
      renamed,
    );
    return { carried: carried.length, dropped: dropped.map((d) => d.field_name) };
  },

  async restore(trx, ownerId, templateId, snapshot) {
    const current = await listTemplateMappingRows(trx, ownerId, templateId);
    const tables = new Set((await listTables(trx, ownerId)).map((table) => table.id));
    const stored = readSnapshot(snapshot).filter((row) => row.template_id === templateId);
    const kept = stored.filter((row) => tables.has(row.mapped_table_id));
    await replaceRows(
      trx,
      ownerId,
      current.map((row) => row.id),
      kept,
    );
    return {
      restored: kept.length,
      dropped: stored
        .filter((row) => !tables.has(row.mapped_table_id))
        .map((row) => row.field_name),
    };
  },
};
