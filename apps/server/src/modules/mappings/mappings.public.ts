// The mappings module's surface for other modules: mapping reads and the writes a table schema
// change makes to its mappings.
// Everything else in its repo stays private to the module (eslint no-restricted-paths).
export {
  deleteMappings,
  listMappingsOfTables,
  updateMappingKey,
  listTemplateNamesUsingTable,
  insertMapping,
} from './mappings.repo.ts';
export type { MappingKeyRow } from './mappings.repo.ts';
export { deleteTemplateMappingsExcept, listTemplateMappings } from './mappings.crud.repo.ts';
export type { MappingRow } from './mappings.crud.repo.ts';
