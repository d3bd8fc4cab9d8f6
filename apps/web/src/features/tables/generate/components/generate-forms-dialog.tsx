import type { Job } from '@formbridge/contract/jobs';
import { isFinishedJobStatus } from '@formbridge/contract/jobs';
import type { TemplateSummary } from '@formbridge/contract/templates';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { ErrorBanner } from '../../../../components/ui/error-banner';
import { Modal } from '../../../../components/ui/modal';
import { ProgressBar } from '../../../../components/ui/progress-bar';
import { describeError } from '../../../../lib/describe-error';
import { queryKeys } from '../../../../lib/query-keys';
import { notify } from '../../../../lib/toast';
import { startBulkJob, startMultiTemplateJob } from '../api/generation-api';
import { useJobProgress } from '../hooks/use-job-progress';
import { GenerationResults } from './generation-results';
import {
  GenerateRevisionPickers,
  revisionBody,
  type ChosenRevisions,
} from './generate-revision-pickers';

/** One record into several templates, or every record of the table into one template. */
export type GenerateTarget =
  { kind: 'record'; recordId: string; recordName: string } | { kind: 'bulk'; recordIds: string[] };

type Props = {
  tableId: string;
  templates: TemplateSummary[];
  target: GenerateTarget;
  onClose: () => void;
};

function splitEmails(input: string): string[] {
  return input
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

export function GenerateFormsDialog({ tableId, templates, target, onClose }: Props) {
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string[]>(
    templates.length === 1 && templates[0] ? [templates[0].id] : [],
  );
  const [revisions, setRevisions] = useState<ChosenRevisions>({});
  const [sendEmail, setSendEmail] = useState(false);
  const [emails, setEmails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [job, setJob] = useState<Job | null>(null);
  const [isStarting, setIsStarting] = useState(false);
  const { progress, finished, error: jobError, retryInSeconds } = useJobProgress(job);
  const isBulk = target.kind === 'bulk';

  useEffect(() => {
    if (finished) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.completedForms.all });
      if (finished.results === undefined) {
        notify.error('Invalid response from server');
      } else {
        notify.success(
          `Successfully generated ${finished.successful ?? 0} of ${finished.total ?? 0} forms`,
        );
      }
    }
  }, [finished, queryClient]);

  const toggle = (id: string) =>
    setSelected((current) =>
      isBulk
        ? [id]
        : current.includes(id)
          ? current.filter((item) => item !== id)
          : [...current, id],
    );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (selected.length === 0) {
      setError('Please select at least one template');
      return;
    }
    const recipients = sendEmail ? splitEmails(emails) : [];
    if (sendEmail && recipients.length === 0) {
      setError('Please provide at least one email recipient');
      return;
    }
    setError(null);
    setIsStarting(true);
    try {
      const body = {
        send_email: sendEmail,
        email_recipients: recipients,
        ...revisionBody(isBulk, selected, revisions),
      };
      const started =
        target.kind === 'bulk'
          ? await startBulkJob(selected[0] ?? '', tableId, {
              ...body,
              record_ids: target.recordIds,
            })
          : await startMultiTemplateJob(tableId, target.recordId, {
              ...body,
              template_ids: selected,
            });
      setJob(started.job);
    } catch (caught) {
      notify.error('Failed to generate forms');
      setError(describeError(caught, 'Failed to generate forms'));
    } finally {
      setIsStarting(false);
    }
  };

  const isRunning =
    job !== null && !finished && !(progress && isFinishedJobStatus(progress.status));
  const title = isBulk
    ? `Generate Forms for ${target.recordIds.length} records`
    : `Generate Forms for ${target.recordName}`;
  return (
    <Modal
      title={title}
      onClose={onClose}
      isBusy={isStarting}
      footer={
        job ? (
          <Button variant="secondary" onClick={onClose}>
            {isRunning ? 'Close (keeps running)' : 'Close'}
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form="generate-forms-form" disabled={isStarting}>
              {isStarting ? 'Starting...' : 'Generate'}
            </Button>
          </>
        )
      }
    >
      {finished ? (
        <GenerationResults result={finished} />
      ) : job ? (
        <div className="space-y-3">
          <ProgressBar
            percent={progress?.total ? (progress.done / progress.total) * 100 : 0}
            label="Generation progress"
          />
          <p className="text-sm text-slate-600" data-testid="generation-progress">
            {progress?.done ?? 0} of {progress?.total ?? job.total} done
            {progress?.failed ? `, ${progress.failed} failed` : ''}
          </p>
          {retryInSeconds !== null ? (
            <p
              role="status"
              className="text-sm text-amber-800"
              data-testid="generation-reconnecting"
            >
              The server is not answering; trying again in {retryInSeconds} s. The job keeps running
              on the server: you can close this and find it on the{' '}
              <Link to="/jobs" className="underline">
                Jobs
              </Link>{' '}
              page.
            </p>
          ) : null}
          {jobError ? <ErrorBanner message={jobError} /> : null}
        </div>
      ) : (
        <form
          id="generate-forms-form"
          onSubmit={onSubmit}
          noValidate
          // Any change answers the last error: no stale banner over a new choice.
          onChange={() => setError(null)}
          className="space-y-4"
        >
          <ErrorBanner message={error} />
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">
              {isBulk ? 'Template' : 'Templates'}
            </legend>
            <div className="mt-2 space-y-1">
              {templates.map((template) => (
                <label key={template.id} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type={isBulk ? 'radio' : 'checkbox'}
                    name="templates"
                    checked={selected.includes(template.id)}
                    onChange={() => toggle(template.id)}
                  />
                  {template.name}
                </label>
              ))}
            </div>
          </fieldset>
          <GenerateRevisionPickers
            templates={templates}
            selected={selected}
            chosen={revisions}
            onChange={setRevisions}
          />
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={sendEmail}
              onChange={(event) => setSendEmail(event.target.checked)}
            />
            Send forms via email
          </label>
          {sendEmail ? (
            <label className="block text-sm font-medium text-slate-700">
              Email addresses (comma-separated)
              <input
                type="text"
                value={emails}
                onChange={(event) => setEmails(event.target.value)}
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
              />
            </label>
          ) : null}
        </form>
      )}
    </Modal>
  );
}
