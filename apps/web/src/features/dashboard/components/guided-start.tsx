import { useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { describeError } from '../../../lib/describe-error';
import { notify } from '../../../lib/toast';
import { useCreateSample, useUploadOwnForm } from '../api/onboarding-api';

/**
 * The empty dashboard's two ways in (issue 34): a sample made in one click (OSHA Form 301, a table
 * of three incidents, mapped), or the user's own PDF uploaded as soon as it is picked.
 */
export function GuidedStart() {
  const navigate = useNavigate();
  const sample = useCreateSample();
  const upload = useUploadOwnForm();
  const [error, setError] = useState<string | null>(null);
  const isBusy = sample.isPending || upload.isPending;

  const trySample = async () => {
    setError(null);
    try {
      const result = await sample.mutateAsync();
      notify.success(
        `Sample ready: ${result.table.record_count} records in "${result.table.name}", mapped to the form`,
      );
      // The records, each with its Generate Forms: one click from a filled PDF.
      await navigate(`/tables/${result.table.id}`);
    } catch (caught) {
      setError(describeError(caught, 'Could not make the sample. Please try again.'));
    }
  };

  const uploadOwn = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) {
      return;
    }
    setError(null);
    try {
      const template = await upload.mutateAsync(file);
      notify.success('Template uploaded successfully');
      // A flat PDF has nothing to map yet: straight to the fields found on its pages.
      await navigate(
        template.field_count === 0
          ? `/templates/${template.id}/fields`
          : `/templates/${template.id}`,
      );
    } catch (caught) {
      setError(
        describeError(caught, 'Failed to upload template. Please try again.', {
          allowPlainText: true,
        }),
      );
    }
  };

  return (
    <section
      aria-labelledby="guided-start"
      className="rounded-lg bg-indigo-50 p-5 ring-1 ring-indigo-200 sm:p-6"
    >
      <h2 id="guided-start" className="text-lg font-semibold text-slate-900">
        Fill your first PDF in a minute
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-700">
        Try a sample: OSHA Form 301 (a public-domain US government form) with a table of three
        incidents, already mapped. Or start with a fillable PDF of your own.
      </p>
      <ErrorBanner message={error} />
      <div className="mt-4 flex flex-wrap gap-3">
        <Button onClick={() => void trySample()} disabled={isBusy}>
          {sample.isPending ? 'Making the sample...' : 'Try it with a sample form'}
        </Button>
        <label
          className={`inline-flex min-h-9 cursor-pointer items-center justify-center rounded-md bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-600 ${isBusy ? 'pointer-events-none opacity-60' : ''}`}
        >
          {upload.isPending ? 'Uploading...' : 'Use your own PDF form'}
          <input
            type="file"
            accept=".pdf,application/pdf"
            className="sr-only"
            disabled={isBusy}
            onChange={(event) => void uploadOwn(event)}
          />
        </label>
      </div>
    </section>
  );
}
