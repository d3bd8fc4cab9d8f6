// The completed-forms module's surface for other modules: what generation needs to store completed
// forms (once per job item) and find or list a job's forms.
// Everything else in its repo stays private to the module (eslint no-restricted-paths).
export {
  findCompletedFormById,
  findFormListing,
  insertCompletedForm,
  insertCompletedFormOnce,
  insertCompletedFormsOnce,
  listJobForms,
} from './completed-forms.repo.ts';
export type { CompletedFormListRow, NewCompletedFormRow } from './completed-forms.repo.ts';
