import type { TemplateSummary } from '@formbridge/contract/templates';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { describeError } from '../../../lib/describe-error';
import { notify } from '../../../lib/toast';
import { notifyMovedToTrash } from '../../../lib/moved-to-trash';
import { useDeleteTemplate, useTemplates } from '../api/templates-api';
import { TemplateCard } from './template-card';
import { TemplateUploadDialog } from './template-upload-dialog';
import { useCan } from '../../../lib/workspace-context';

export function TemplatesPage() {
  const canEdit = useCan('editor');
  const templates = useTemplates();
  const deleteTemplate = useDeleteTemplate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [isUploadOpen, setIsUploadOpen] = useState(searchParams.get('upload') === '1');
  const [pendingDelete, setPendingDelete] = useState<TemplateSummary | null>(null);

  useEffect(() => {
    if (templates.isError) {
      notify.error('Failed to load templates');
    }
  }, [templates.isError]);

  const closeUpload = () => {
    setIsUploadOpen(false);
    if (searchParams.has('upload')) {
      setSearchParams({}, { replace: true });
    }
  };

  const confirmDelete = async () => {
    if (!pendingDelete) {
      return;
    }
    try {
      await deleteTemplate.mutateAsync(pendingDelete.id);
      notifyMovedToTrash('Template deleted successfully', pendingDelete.id);
    } catch {
      notify.error('Failed to delete template');
    } finally {
      setPendingDelete(null);
    }
  };

  const list = templates.data ?? [];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900">PDF Templates</h1>
        {canEdit ? <Button onClick={() => setIsUploadOpen(true)}>Upload Template</Button> : null}
      </div>
      {templates.isPending ? (
        <Spinner />
      ) : templates.isError ? (
        <LoadFailed
          what="your templates"
          reason={describeError(templates.error, 'Failed to load templates')}
          onRetry={() => void templates.refetch()}
          isRetrying={templates.isFetching}
        />
      ) : list.length === 0 ? (
        <EmptyState
          title="No templates found"
          message="Get started by uploading your first PDF template."
          action={
            canEdit ? (
              <Button onClick={() => setIsUploadOpen(true)}>Upload Template</Button>
            ) : undefined
          }
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.map((template) => (
            <TemplateCard key={template.id} template={template} onDelete={setPendingDelete} />
          ))}
        </div>
      )}
      {isUploadOpen && canEdit ? <TemplateUploadDialog onClose={closeUpload} /> : null}
      {pendingDelete ? (
        <ConfirmDialog
          title="Delete template"
          message="Are you sure you want to delete this template? This action cannot be undone."
          isBusy={deleteTemplate.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPendingDelete(null)}
        />
      ) : null}
    </div>
  );
}
