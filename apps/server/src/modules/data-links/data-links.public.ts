// The data-links module's surface for other modules (the only file they may import: eslint
// zones): the token look-up behind the public data form, as StoredDataLink (never the row).
export { findDataLinkByToken, type StoredDataLink } from './data-links.access.ts';
