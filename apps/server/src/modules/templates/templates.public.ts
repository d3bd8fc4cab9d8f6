// The templates module's surface for other modules: template reads and the share lock taken while
// something refers to a template.
// Everything else in its repo stays private to the module (eslint no-restricted-paths).
export { findTemplate, shareLockTemplate } from './templates.repo.ts';
export type { TemplateRow } from './templates.repo.ts';
