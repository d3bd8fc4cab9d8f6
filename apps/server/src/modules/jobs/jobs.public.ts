// The jobs module's surface for other modules (the only file they may import: eslint zones): how
// a generation job stores its result and artifacts, and answering with a job.
export {
  jobArtifactKeys,
  toResultItem,
  type StoredArtifact,
  type StoredGenerationResult,
  type StoredResultItem,
} from './job-result.ts';
export { jobZipPath, presentJob, sendJobResponse } from './jobs.presenter.ts';
