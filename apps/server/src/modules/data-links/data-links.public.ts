// The data-links module's surface for other modules: the token look-up behind the public data form.
// Everything else in its repo stays private to the module (eslint no-restricted-paths).
export { findDataLinkByToken } from './data-links.repo.ts';
export type { DataLinkRow } from './data-links.repo.ts';
