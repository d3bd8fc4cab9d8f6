// The records module's surface for other modules: owner-filtered record reads and writes other
// modules run inside their own transactions.
// Everything else in its repo stays private to the module (eslint no-restricted-paths).
export {
  findExistingRecordIds,
  findRecord,
  listRecordsByIds,
  listRecords,
  updateRecordData,
  updateRecordsData,
  insertRecords,
} from './records.repo.ts';
export type { RecordRow } from './records.repo.ts';
export { deleteRecordFile, uploadRecordFile } from './records.files.ts';
