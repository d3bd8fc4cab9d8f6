import type { FieldMapping } from '@formbridge/contract/mappings';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { TableFromFormButton } from '../../../components/table-from-form/table-from-form-button';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { LoadFailed } from '../../../components/ui/load-failed';
import { describeError, isNotFoundError } from '../../../lib/describe-error';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { notifyMovedToTrash } from '../../../lib/moved-to-trash';
import { useRemoveTemplateMapping, useTemplateMappingList } from '../api/template-mappings-api';
import { useDeleteTemplate, useTemplate } from '../api/templates-api';
import { TemplateFieldsTable } from './template-fields-table';
import { TemplateFillSettingsForm } from './template-fill-settings';
import { TemplatePreview } from './template-preview';
import { TemplateUploadNotes } from './template-upload-notes';
import { TemplateRevisionsSection } from './template-revisions-section';
import { useCan } from '../../../lib/workspace-context';

export function TemplateDetailPage() {
  const canEdit = useCan('editor');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const template = useTemplate(id);
  const deleteTemplate = useDeleteTemplate();
  const mappings = useTemplateMappingList(id);
  const removeMapping = useRemoveTemplateMapping(id);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const mappingByField = useMemo(
    () => new Map((mappings.data ?? []).map((mapping) => [mapping.field_name, mapping])),
    [mappings.data],
  );
  const isNotFound = isNotFoundError(template.error);

  useEffect(() => {
    if (template.isError && !isNotFound) {
      notify.error('Failed to load template data');
    }
  }, [template.isError, isNotFound]);

  if (template.isPending) {
    return <Spinner />;
  }
  if (!template.data && !isNotFound) {
    return (
      <LoadFailed
        what="this template"
        reason={describeError(template.error, 'Failed to load template data')}
        onRetry={() => void template.refetch()}
        isRetrying={template.isFetching}
      />
    );
  }
  if (!template.data) {
    return (
      <div className="rounded-lg bg-white p-10 text-center shadow-sm ring-1 ring-slate-200">
        <h1 className="text-xl font-semibold text-slate-900">Template not found</h1>
        <Link
          to="/templates"
          className="mt-4 inline-block font-medium text-indigo-600 hover:text-indigo-500"
        >
          Back to templates
        </Link>
      </div>
    );
  }

  const data = template.data;
  const mappedCount = mappingByField.size;
  const onRemoveMapping = async (mapping: FieldMapping) => {
    try {
      await removeMapping.mutateAsync(mapping.id);
      notifyMovedToTrash('Mapping removed successfully', mapping.id);
    } catch {
      notify.error('Failed to remove mapping');
    }
  };
  const onDelete = async () => {
    try {
      await deleteTemplate.mutateAsync(data.id);
      notifyMovedToTrash('Template deleted successfully', data.id);
      await navigate('/templates');
    } catch {
      notify.error('Failed to delete template');
      setIsConfirmOpen(false);
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <Link to="/templates" className="text-sm text-indigo-600 hover:text-indigo-500">
            ← Templates
          </Link>
          <h1 className="mt-1 text-2xl font-bold [overflow-wrap:anywhere] text-slate-900">
            {data.name}
          </h1>
          <p className="mt-1 text-sm text-slate-500">Created {formatDateTime(data.created_at)}</p>
        </div>
        {canEdit ? (
          <div className="flex flex-wrap gap-2">
            <Link
              to={`/mapping/${data.id}`}
              className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700"
            >
              Edit Mappings
            </Link>
            <Link
              to={`/templates/${data.id}/fields`}
              className="rounded-md bg-white px-4 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              {data.field_count > 0 ? 'Find fields' : 'Find and draw fields'}
            </Link>
            {data.field_count > 0 ? (
              <TableFromFormButton
                templateId={data.id}
                // Next step after the table exists: a record to fill the form with.
                onDone={(tableId) => void navigate(`/tables/${tableId}?add=1`)}
              />
            ) : null}
            <Button variant="danger" onClick={() => setIsConfirmOpen(true)}>
              Delete
            </Button>
          </div>
        ) : null}
      </div>
      <dl className="grid grid-cols-3 gap-2 sm:gap-4">
        <div className="min-w-0 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4">
          <dt className="text-xs uppercase tracking-wide text-slate-500">Form fields</dt>
          <dd className="mt-1 text-2xl font-semibold text-slate-900" data-testid="field-count">
            {data.field_count}
          </dd>
        </div>
        <div className="min-w-0 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4">
          <dt className="text-xs uppercase tracking-wide text-slate-500">Mapped fields</dt>
          <dd className="mt-1 text-2xl font-semibold text-slate-900" data-testid="mapped-count">
            {mappedCount}
          </dd>
        </div>
        <div className="min-w-0 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4">
          <dt className="text-xs uppercase tracking-wide text-slate-500">Pages</dt>
          <dd className="mt-1 text-2xl font-semibold text-slate-900">{data.page_count}</dd>
        </div>
      </dl>
      <TemplateUploadNotes notes={data.detection_notes} />
      <div className="grid gap-6 lg:grid-cols-5">
        <section className="min-w-0 rounded-lg bg-white shadow-sm ring-1 ring-slate-200 lg:col-span-3">
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <h2 className="font-semibold text-slate-900">Form fields</h2>
            {canEdit ? (
              <Link
                to={`/mapping/${data.id}`}
                className="text-sm font-medium text-indigo-600 hover:text-indigo-500"
              >
                Manage Mappings
              </Link>
            ) : null}
          </div>
          <TemplateFieldsTable
            templateId={data.id}
            fieldData={data.field_data}
            mappings={mappingByField}
            onRemoveMapping={canEdit ? (mapping) => void onRemoveMapping(mapping) : undefined}
            removingId={removeMapping.isPending ? (removeMapping.variables ?? null) : null}
          />
        </section>
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {canEdit ? (
            <section className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <h2 className="font-semibold text-slate-900">Generate Forms</h2>
              {mappedCount > 0 ? (
                <>
                  <p className="mt-1 text-sm text-slate-500">
                    Fill this template with your records.
                  </p>
                  <Link
                    to="/forms"
                    className="mt-3 inline-block rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700"
                  >
                    Generate Forms
                  </Link>
                </>
              ) : (
                <>
                  <p className="mt-1 text-sm text-slate-500">
                    Map the fields to a table before generating forms.
                  </p>
                  <Link
                    to={`/mapping/${data.id}`}
                    className="mt-3 inline-block rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700"
                  >
                    Set Up Field Mappings
                  </Link>
                </>
              )}
            </section>
          ) : null}
          <TemplateRevisionsSection templateId={data.id} canEdit={canEdit} />
          <TemplateFillSettingsForm
            key={data.updated_at}
            templateId={data.id}
            settings={data.fill_settings}
            isReadOnly={!canEdit}
          />
          <section className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <h2 className="mb-3 font-semibold text-slate-900">Preview</h2>
            <TemplatePreview fileUrl={data.file_path} pageCount={data.page_count} />
          </section>
        </div>
      </div>
      {isConfirmOpen ? (
        <ConfirmDialog
          title="Delete template"
          message="Are you sure you want to delete this template? This action cannot be undone. Its field mappings are removed too."
          isBusy={deleteTemplate.isPending}
          onConfirm={() => void onDelete()}
          onCancel={() => setIsConfirmOpen(false)}
        />
      ) : null}
    </div>
  );
}
