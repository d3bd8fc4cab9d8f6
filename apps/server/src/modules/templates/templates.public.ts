// The templates module's surface for other modules (the only file they may import: eslint zones):
// template reads and the share lock taken while something comes to refer to a template, on the
// `db` or transaction the caller passes, as StoredTemplate (never the row); the PDF's path; and
// the hook type through which a template's new fields reach the mappings (app.ts wires it).
export type { StoredTemplate } from './templates.model.ts';
export { findTemplate, requireTemplate, shareLockTemplate } from './templates.access.ts';
export type { TemplateFieldsReplaced } from './templates.fields-replaced.ts';
export { templateFilePath } from './templates.presenter.ts';
export { createTemplateFromBytes, findTemplateSummary } from './templates.service.ts';
export { streamTemplateFile } from './templates.files.ts';
export type { TemplateRevisionMappings } from './templates.revision-mappings.ts';
export { findTemplateRevision } from './templates.revisions.repo.ts';
