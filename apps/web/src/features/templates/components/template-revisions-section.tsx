import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { describeError } from '../../../lib/describe-error';
import { formatCount, formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useMakeRevisionCurrent, useTemplateRevisions } from '../api/template-revisions-api';
import { TemplateRevisionUploadDialog } from './template-revision-upload-dialog';

/** The template's revisions (who, when, fields), the current one marked; Editors switch or add. */
export function TemplateRevisionsSection({
  templateId,
  canEdit,
}: {
  templateId: string;
  canEdit: boolean;
}) {
  const revisions = useTemplateRevisions(templateId);
  const makeCurrent = useMakeRevisionCurrent(templateId);
  const [isUploadOpen, setIsUploadOpen] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);

  const onConfirm = async (revision: number) => {
    try {
      const result = await makeCurrent.mutateAsync(revision);
      notify.success(
        `Revision ${result.current_revision} is current again (${formatCount(result.mappings_restored, 'mapping')})`,
      );
    } catch (error) {
      notify.error(describeError(error, 'Failed to make the revision current'));
    } finally {
      setConfirming(null);
    }
  };

  return (
    <section
      className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      aria-labelledby="revisions-heading"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="revisions-heading" className="font-semibold text-slate-900">
          Revisions
        </h2>
        {canEdit ? (
          <Button variant="secondary" onClick={() => setIsUploadOpen(true)}>
            Upload a new revision
          </Button>
        ) : null}
      </div>
      {revisions.isPending ? <p className="text-sm text-slate-500">Loading revisions…</p> : null}
      {revisions.isError ? (
        <p className="text-sm text-red-700">
          {describeError(revisions.error, 'Failed to load revisions')}
        </p>
      ) : null}
      {revisions.data ? (
        <ul className="divide-y divide-slate-200" aria-label="Template revisions">
          {revisions.data.revisions.map((revision) => (
            <li
              key={revision.revision}
              className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
              data-testid={`revision-${revision.revision}`}
            >
              <div className="min-w-0">
                <span className="font-medium text-slate-900">Revision {revision.revision}</span>
                {revision.is_current ? (
                  <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
                    Current
                  </span>
                ) : null}
                <p className="text-xs text-slate-500">
                  {revision.created_by ?? 'Before revisions'} ·{' '}
                  {formatDateTime(revision.created_at)} · {revision.field_count} fields
                </p>
              </div>
              {canEdit && !revision.is_current ? (
                <Button
                  variant="secondary"
                  onClick={() => setConfirming(revision.revision)}
                  aria-label={`Make revision ${revision.revision} current`}
                >
                  Make current
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {isUploadOpen ? (
        <TemplateRevisionUploadDialog
          templateId={templateId}
          onClose={() => setIsUploadOpen(false)}
        />
      ) : null}
      {confirming !== null ? (
        <ConfirmDialog
          title={`Make revision ${confirming} current`}
          message={`The template will use the PDF and fields of revision ${confirming} again, with the mappings it had then. Today's mappings stay with the current revision.`}
          confirmLabel="Make current"
          busyLabel="Switching..."
          isBusy={makeCurrent.isPending}
          onConfirm={() => void onConfirm(confirming)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </section>
  );
}
