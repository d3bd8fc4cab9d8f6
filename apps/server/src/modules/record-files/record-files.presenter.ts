import type { RecordFile } from '@formbridge/contract/records';
import type { UrlSigner } from '../../lib/signed-urls.ts';
import type { StoredFile } from './record-files.model.ts';

/** Path of a stored record file; responses carry it signed so a browser tab can open it. */
export function recordFilePath(id: string): string {
  return `/api/v1/files/${id}`;
}

export function presentRecordFile(row: StoredFile, signer: UrlSigner): RecordFile {
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
