import type { Db } from '../../db/database.ts';
import { idsOf, selectRows, type TrashPayload, type TrashRow } from './trash-rows.ts';

/** What a delete takes to the trash: its rows and the stored files they name. */
export type TrashSnapshot = { payload: TrashPayload; fileKeys: string[] };

const keysOf = (rows: readonly TrashRow[], ...columns: string[]) =>
  rows.flatMap((row) =>
    columns.map((column) => row[column]).filter((key): key is string => typeof key === 'string'),
  );

/** Record files with the data-link uploads that name them. */
async function filesWithUploads(db: Db, files: TrashRow[]) {
  const uploads = await selectRows(db, 'public_link_uploads', 'file_id', idsOf(files));
  return [
    { table: 'record_files' as const, rows: files },
    { table: 'public_link_uploads' as const, rows: uploads },
  ];
}

/**
 * A table with everything its delete cascades to: its records, their files, and the public and
 * data links to its records. (Mappings and other tables' links to it make the delete a 409.)
 */
export async function snapshotTable(db: Db, id: string): Promise<TrashSnapshot> {
  const files = await selectRows(db, 'record_files', 'table_id', [id]);
  const payload: TrashPayload = {
    tables: [
      { table: 'dynamic_tables', rows: await selectRows(db, 'dynamic_tables', 'id', [id]) },
      { table: 'table_records', rows: await selectRows(db, 'table_records', 'table_id', [id]) },
      {
        table: 'public_form_links',
        rows: await selectRows(db, 'public_form_links', 'table_id', [id]),
      },
      {
        table: 'public_data_links',
        rows: await selectRows(db, 'public_data_links', 'table_id', [id]),
      },
      ...(await filesWithUploads(db, files)),
    ],
  };
  return { payload, fileKeys: keysOf(files, 'file_key') };
}

/** A record with its files and the public and data links to it. */
export async function snapshotRecord(db: Db, id: string): Promise<TrashSnapshot> {
  const files = await selectRows(db, 'record_files', 'record_id', [id]);
  const payload: TrashPayload = {
    tables: [
      { table: 'table_records', rows: await selectRows(db, 'table_records', 'id', [id]) },
      {
        table: 'public_form_links',
        rows: await selectRows(db, 'public_form_links', 'record_id', [id]),
      },
      {
        table: 'public_data_links',
        rows: await selectRows(db, 'public_data_links', 'record_id', [id]),
      },
      ...(await filesWithUploads(db, files)),
    ],
  };
  return { payload, fileKeys: keysOf(files, 'file_key') };
}

/**
 * A template with its revisions (issue 32), mappings and public form links; its PDF, its upload
 * and every revision's PDF.
 */
export async function snapshotTemplate(db: Db, id: string): Promise<TrashSnapshot> {
  const templates = await selectRows(db, 'pdf_templates', 'id', [id]);
  const revisions = await selectRows(db, 'template_revisions', 'template_id', [id]);
  const payload: TrashPayload = {
    tables: [
      { table: 'pdf_templates', rows: templates },
      { table: 'template_revisions', rows: revisions },
      {
        table: 'field_mappings',
        rows: await selectRows(db, 'field_mappings', 'template_id', [id]),
      },
      {
        table: 'public_form_links',
        rows: await selectRows(db, 'public_form_links', 'template_id', [id]),
      },
    ],
  };
  return {
    payload,
    fileKeys: [
      ...keysOf(templates, 'file_key', 'original_file_key'),
      ...keysOf(revisions, 'file_key'),
    ],
  };
}

/** One field mapping. */
export async function snapshotMapping(db: Db, id: string): Promise<TrashSnapshot> {
  const rows = await selectRows(db, 'field_mappings', 'id', [id]);
  return { payload: { tables: [{ table: 'field_mappings', rows }] }, fileKeys: [] };
}

/** A completed form and its stored PDF. */
export async function snapshotCompletedForm(db: Db, id: string): Promise<TrashSnapshot> {
  const rows = await selectRows(db, 'completed_forms', 'id', [id]);
  return {
    payload: { tables: [{ table: 'completed_forms', rows }] },
    fileKeys: keysOf(rows, 'file_key'),
  };
}
