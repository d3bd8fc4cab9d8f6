// The record-files module's surface for other modules: record-file reads and the changes a record
// or table update makes to its files.
// Everything else in its repo stays private to the module (eslint no-restricted-paths).
export {
  listTableFiles,
  setFileFieldName,
  deleteRecordFileRows,
  listRecordFiles,
} from './record-files.repo.ts';
export type { RecordFileRow } from './record-files.repo.ts';
export { removeStoredFiles } from './record-files.storage.ts';
