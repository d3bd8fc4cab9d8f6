import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from '@formbridge/contract/limits';
import type { RevisionUploadResponse } from '@formbridge/contract/template-revisions';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { Modal } from '../../../components/ui/modal';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { describeError } from '../../../lib/describe-error';
import { formatBytes } from '../../../lib/format';
import { useUploadRevision } from '../api/template-revisions-api';
import { TemplateRevisionDiff } from './template-revision-diff';

/**
 * "Upload a new revision": a PDF picker, the upload's progress, then what changed (the diff) with
 * the mappings carried and a way to map what was dropped.
 */
export function TemplateRevisionUploadDialog({
  templateId,
  onClose,
}: {
  templateId: string;
  onClose: () => void;
}) {
  const upload = useUploadRevision(templateId);
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<RevisionUploadResponse | null>(null);

  const pick = (picked: File | undefined) => {
    if (!picked) {
      return;
    }
    if (picked.size > MAX_UPLOAD_BYTES) {
      setError(
        `${picked.name} is ${formatBytes(picked.size)}; PDF templates can be at most ${MAX_UPLOAD_LABEL}.`,
      );
      return;
    }
    setError(null);
    setFile(picked);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError('Choose the PDF of the new revision');
      return;
    }
    setError(null);
    try {
      setResult(await upload.mutateAsync({ file, onProgress: setPercent }));
    } catch (failure) {
      setError(describeError(failure, 'The revision could not be uploaded'));
    }
  };

  const footer = result ? (
    <Button onClick={onClose}>Done</Button>
  ) : (
    <>
      <Button variant="secondary" onClick={onClose} disabled={upload.isPending}>
        Cancel
      </Button>
      <Button type="submit" form={`${inputId}-form`} disabled={upload.isPending}>
        {upload.isPending ? 'Uploading...' : 'Upload revision'}
      </Button>
    </>
  );

  return (
    <Modal
      title="Upload a new revision"
      onClose={onClose}
      isBusy={upload.isPending}
      footer={footer}
      size="lg"
    >
      {result ? (
        <TemplateRevisionDiff templateId={templateId} result={result} />
      ) : (
        <form id={`${inputId}-form`} className="space-y-4" onSubmit={(e) => void onSubmit(e)}>
          <p className="text-sm text-slate-600">
            The new edition of the form replaces the current PDF. Its fields are matched to the
            current ones and the mappings of matched fields are carried over; earlier revisions stay
            available.
          </p>
          <div>
            <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
              PDF of the new revision
            </label>
            <input
              id={inputId}
              type="file"
              accept="application/pdf,.pdf"
              className="mt-1 block w-full text-sm"
              onChange={(event) => pick(event.target.files?.[0])}
              disabled={upload.isPending}
            />
          </div>
          {upload.isPending ? <ProgressBar percent={percent} label="Uploading" /> : null}
          <ErrorBanner message={error} />
        </form>
      )}
    </Modal>
  );
}
