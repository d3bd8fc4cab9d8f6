import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MappingMemoriesTable } from '../../db/schema.ts';
import type { MappingMemory } from '../../suggest/mapping-memory.ts';

// The account's remembered mappings (issue 28, suggest/mapping-memory.ts).

/** The most an account's suggestions read: the newest choices win anyway. */
const MEMORY_LIMIT = 5000;

/** Remembers a choice; the same (caption, name, region, target) keeps only its latest verdict. */
export async function rememberChoice(db: Db, row: Insertable<MappingMemoriesTable>): Promise<void> {
  await db
    .deleteFrom('mapping_memories')
    .where('owner_id', '=', row.owner_id)
    .where('caption_key', '=', row.caption_key)
    .where('name_key', '=', row.name_key)
    .where('region', '=', row.region)
    .where('target_key', '=', row.target_key)
    .execute();
  await db.insertInto('mapping_memories').values(row).execute();
}

/** The account's memories, newest first. */
export async function listMappingMemories(db: Db, ownerId: string): Promise<MappingMemory[]> {
  const rows = await db
    .selectFrom('mapping_memories')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .limit(MEMORY_LIMIT)
    .execute();
  return rows.map((row) => ({
    caption: row.caption,
    captionKey: row.caption_key,
    nameKey: row.name_key,
    region: row.region,
    targetKey: row.target_key,
    templateName: row.template_name,
    verdict: row.verdict,
  }));
}
