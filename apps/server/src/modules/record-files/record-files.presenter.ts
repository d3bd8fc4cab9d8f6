import { storedFileSchema } from '@formbridge/contract/records';
import { z } from 'zod';
import type { UrlSigner } from '../../lib/signed-urls.ts';
import type { RecordFileRow } from './record-files.repo.ts';

/** A record's file as the API returns it: the contract's File value plus what a UI links to. */
export const recordFileSchema = storedFileSchema.extend({
  field_name: z.string(),
  content_type: z.string(),
  created_at: z.string(),
  /** Signed, expiring URL of the file relative to the API host (GET /api/v1/files/{id}). */
  file_path: z.string(),
});
export type RecordFile = z.infer<typeof recordFileSchema>;

/** Path of a stored record file; responses carry it signed so a browser tab can open it. */
export function recordFilePath(id: string): string {
  return `/api/v1/files/${id}`;
}

export function presentRecordFile(row: RecordFileRow, signer: UrlSigner): RecordFile {
  return {
    id: row.id,
    filename: row.filename,
    file_size: row.file_size,
    field_name: row.field_name,
    content_type: row.content_type,
    created_at: row.created_at,
    file_path: signer.sign(recordFilePath(row.id)),
  };
}
