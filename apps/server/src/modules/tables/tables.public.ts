// The tables module's surface for other modules: table reads and the row locks other modules take
// before touching a table's data.
// Everything else in its repo stays private to the module (eslint no-restricted-paths).
export {
  listTables,
  countTableRecords,
  findTable,
  findTableOfAccount,
  lockTable,
  shareLockTables,
} from './tables.repo.ts';
