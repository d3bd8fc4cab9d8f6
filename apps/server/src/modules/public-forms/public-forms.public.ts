// The public-forms module's surface for other modules (the only file they may import: eslint
// zones): the link token every public link uses, and the field and value rules a public data form
// shares with a document form.
export { listDataFormFields, toStoredValue, type PublicField } from './public-fields.ts';
export { applyPublicValues, submittedRecord } from './public-values.ts';
export { createPublicToken } from './public-token.ts';
