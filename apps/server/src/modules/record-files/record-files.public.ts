// The record-files module's surface for other modules (the only file they may import: eslint
// zones): a record's attachments as StoredFile, never rows — reading them, checking and attaching
// an upload, detaching, moving them with a renamed field — plus presenting one and removing
// stored bytes after a commit. Writing file ids into a record is the records module's part.
export type { StoredFile } from './record-files.model.ts';
export {
  attachRecordFile,
  detachRecordFiles,
  findRecordFile,
  listRecordFiles,
  listTableFiles,
  moveFileToField,
  newRecordFile,
} from './record-files.access.ts';
export { presentRecordFile } from './record-files.presenter.ts';
export { isXlsx } from './record-files.sniff.ts';
export { removeStoredFiles } from './record-files.storage.ts';
