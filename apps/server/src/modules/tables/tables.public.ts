// The tables module's surface for other modules (the only file they may import: eslint zones):
// table reads and locks on the `db` or transaction the caller passes, creating a table, and the
// writes the table-schema module makes. Tables come as StoredTable, never as rows.
export type { StoredTable } from './tables.model.ts';
export {
  findTable,
  findTableOfAccount,
  listTables,
  lockTable,
  removeTable,
  shareLockTables,
  writeTableSchema,
  type TableSchemaColumns,
} from './tables.access.ts';
export { createTable } from './tables.service.ts';
export { presentTable } from './tables.presenter.ts';
