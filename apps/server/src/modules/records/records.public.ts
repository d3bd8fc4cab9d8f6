// The records module's surface for other modules (the only file they may import: eslint zones):
// a table's records as StoredRecord, never rows, read and written on the `db` or transaction the
// caller passes; and attaching files to a record (the upload writes the record's file ids).
export type { StoredRecord } from './records.model.ts';
export {
  addRecords,
  findExistingRecordIds,
  findRecord,
  listRecords,
  listRecordsByIds,
  noteRestoredRecords,
  writeRecordData,
  writeRecordsData,
} from './records.access.ts';
export { deleteRecordFile, uploadRecordFile } from './records.files.ts';
