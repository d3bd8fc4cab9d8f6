// The completed-forms module's surface for other modules (the only file they may import: eslint
// zones): filling one record (`fillRecord`, the one place a form is made, used by single
// generation, the mapping preview, public links and the generation jobs), the sources it reads,
// e-mailing forms, and what jobs need to store and find their forms. Those last are still repo
// functions and row types: the one public file not yet turned into services (decisions.md,
// "Module surfaces").
export {
  findCompletedFormById,
  findFormListing,
  insertCompletedForm,
  insertCompletedFormOnce,
  insertCompletedFormsOnce,
  listJobForms,
} from './completed-forms.repo.ts';
export type { CompletedFormListRow, NewCompletedFormRow } from './completed-forms.repo.ts';
export { checkRecipients, trySendFormsByEmail, type EmailedForm } from './completed-forms.email.ts';
export { signCompletedFormUrls } from './completed-forms.presenter.ts';
export { generateCompletedForm } from './completed-forms.service.ts';
export type { FillDeps } from './fill-deps.ts';
export {
  fillRecord,
  fillRecordValues,
  type FailedForm,
  type FilledRecord,
  type FilledValues,
} from './fill-record.ts';
export {
  loadRecordBatch,
  loadTableSource,
  loadTemplateSource,
  readTemplateBytes,
  type RecordBatch,
  type TableSource,
  type TemplateSource,
} from './record-source.ts';
