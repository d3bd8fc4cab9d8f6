import { trashKindSchema, type TrashItem } from '@formbridge/contract/trash';
import type { TrashItemRow } from './trash.repo.ts';

/** A trash row as the API shows it (never its payload). */
export function presentTrashItem(
  row: Pick<TrashItemRow, 'id' | 'kind' | 'name' | 'deleted_at' | 'deleted_by' | 'expires_at'>,
): TrashItem {
  return {
    id: row.id,
    kind: trashKindSchema.parse(row.kind),
    name: row.name,
    deleted_at: row.deleted_at,
    deleted_by: row.deleted_by,
    expires_at: row.expires_at,
  };
}
