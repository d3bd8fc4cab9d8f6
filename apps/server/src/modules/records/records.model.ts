import type { RecordRow } from './records.repo.ts';

/**
 * A record as other modules work with it: its values read (file fields hold the ids of its
 * files). Other modules get this from records.public.ts, never the row.
 */
export type StoredRecord = {
  id: string;
  owner_id: string;
  table_id: string;
  data: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  /** Moves on with every write of `data` (the record's ETag). */
  version: number;
};

/** Reads a record row's values; the app wrote them, so their shape is trusted. */
export function readRecord(row: RecordRow): StoredRecord {
  return {
    id: row.id,
    owner_id: row.owner_id,
    table_id: row.table_id,
    data: JSON.parse(row.data) as Record<string, unknown>,
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: Number(row.version),
  };
}
