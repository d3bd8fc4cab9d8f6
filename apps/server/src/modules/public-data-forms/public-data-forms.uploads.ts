import { PUBLIC_FIELD_MESSAGES } from '@formbridge/contract/public-form-rules';
import {
  MAX_FILES_PER_DATA_LINK,
  PUBLIC_LINK_MESSAGES,
  type PublicDataUpload,
} from '@formbridge/contract/public-links';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { MultipartForm } from '../../lib/uploads.ts';
import { deleteRecordFile, uploadRecordFile } from '../records/records.public.ts';
import { resolveDataLink } from './public-data-forms.access.ts';
import {
  insertLinkUpload,
  isLinkUpload,
  listLinkUploadIds,
  shareLockDataLink,
} from './public-data-forms.repo.ts';
import { dataLinkScope, type PublicWriteDeps } from './public-data-forms.service.ts';

// Reads the body; an oversize file gets the spec's wording (the page shows the server's detail).
async function readForm(read: () => Promise<MultipartForm>): Promise<MultipartForm> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError && error.status === 413) {
      throw new AppError(413, PUBLIC_FIELD_MESSAGES.fileTooLarge, undefined, {
        closeConnection: error.closeConnection,
      });
    }
    throw error;
  }
}

/**
 * Stores a visitor's file on the link's record through the record-files service (one file, at
 * most 10 MB, type sniffed from the bytes, a file field of the table) and notes that it came
 * through this link. The link and the rate limit are checked before a byte of the body is read.
 */
export async function uploadThroughLink(
  ctx: AppContext,
  token: string,
  read: () => Promise<MultipartForm>,
  deps: PublicWriteDeps,
): Promise<PublicDataUpload> {
  const link = await resolveDataLink(ctx.db, token);
  await deps.rateLimit.take(`data:${link.id}`, deps.ip);
  if ((await listLinkUploadIds(ctx.db, link.id)).size >= MAX_FILES_PER_DATA_LINK) {
    throw new AppError(409, PUBLIC_LINK_MESSAGES.tooManyFiles, 'too_many_files');
  }
  const form = await readForm(read);
  const ids = { tableId: link.table_id, recordId: link.record_id };
  // Noted in the file's own transaction, under a share lock on the link: a link deleted during
  // the upload is a 404 and the file is not attached at all.
  const row = await uploadRecordFile(
    ctx,
    dataLinkScope(link, deps),
    ids,
    form,
    async (trx, file) => {
      if (!(await shareLockDataLink(trx, link.id))) {
        throw notFound('Data link');
      }
      await insertLinkUpload(trx, link.id, file.id);
    },
  );
  return {
    id: row.id,
    filename: row.filename,
    file_size: row.file_size,
    field_name: row.field_name,
    removable: true,
  };
}

/**
 * Removes a file the visitor uploaded through this link. Files the owner attached, or that came
 * through another link, are 404 here: a token cannot delete what it did not add.
 */
export async function removeThroughLink(
  ctx: AppContext,
  token: string,
  fileId: string,
  deps: PublicWriteDeps,
): Promise<void> {
  const link = await resolveDataLink(ctx.db, token);
  await deps.rateLimit.take(`data:${link.id}`, deps.ip);
  if (!(await isLinkUpload(ctx.db, link.id, fileId))) {
    throw notFound('File');
  }
  await deleteRecordFile(ctx, dataLinkScope(link, deps), {
    tableId: link.table_id,
    recordId: link.record_id,
    fileId,
  });
}
