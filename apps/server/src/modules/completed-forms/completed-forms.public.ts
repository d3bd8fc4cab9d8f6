// The completed-forms module's surface for other modules (the only file they may import: eslint
// zones): filling one record (`fillRecord`, the one place a form is made, used by single
// generation, the mapping preview, public links and the generation jobs), the sources it reads,
// e-mailing forms, and what jobs need to record and find their forms (completed-forms.access.ts).
export {
  findStoredForm,
  listJobForms,
  recordFormsOnce,
  type NewCompletedForm,
  type StoredCompletedForm,
} from './completed-forms.access.ts';
export { emitFormCreated, type GeneratedForm } from './completed-forms.audit.ts';
export { checkRecipients, trySendFormsByEmail, type EmailedForm } from './completed-forms.email.ts';
export { completedFormDownloadPath, signCompletedFormUrls } from './completed-forms.presenter.ts';
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
