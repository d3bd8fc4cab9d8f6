// The mappings module's surface for other modules (the only file they may import: eslint zones):
// a template's mappings as StoredMapping, never rows, and the changes a table schema edit or a
// template's new fields make to them, on the `db` or transaction the caller passes.
export type { MappingTarget, StoredMapping } from './mappings.model.ts';
export {
  dropMappings,
  dropMappingsOfGoneFields,
  listMappingsOfTables,
  listTemplateMappings,
  listTemplateNamesUsingTable,
  moveMappingKey,
} from './mappings.access.ts';
export { createTableFromTemplate } from './mappings.table-from-form.ts';
export { readMappingSnapshot, revisionMappings } from './mappings.revisions.ts';
