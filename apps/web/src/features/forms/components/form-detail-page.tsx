import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { LoadFailed } from '../../../components/ui/load-failed';
import { describeError, isNotFoundError } from '../../../lib/describe-error';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { notifyMovedToTrash } from '../../../lib/moved-to-trash';
import { useCompletedForm, useDeleteForm } from '../api/forms-api';
import { FormEmailDialog } from './form-email-dialog';
import { FormFillReport } from './form-fill-report';
import { FormPdfPreview } from './form-pdf-preview';
import { FormPublicLinks } from './form-public-links';
import { usePublicLink } from './use-public-link';
import { useCan } from '../../../lib/workspace-context';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm break-all text-slate-900 sm:col-span-2 sm:mt-0">{children}</dd>
    </div>
  );
}

export function FormDetailPage() {
  const canEdit = useCan('editor');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const form = useCompletedForm(id);
  const deleteForm = useDeleteForm();
  const { copyLink, isCreating } = usePublicLink();
  const [isEmailOpen, setIsEmailOpen] = useState(false);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const isNotFound = isNotFoundError(form.error);

  useEffect(() => {
    if (form.isError && !isNotFound) {
      notify.error(describeError(form.error, 'Failed to load form data'));
    }
  }, [form.isError, form.error, isNotFound]);

  if (form.isPending) {
    return <Spinner />;
  }
  if (!form.data && !isNotFound) {
    return (
      <LoadFailed
        what="this form"
        reason={describeError(form.error, 'Failed to load form data')}
        onRetry={() => void form.refetch()}
        isRetrying={form.isFetching}
      />
    );
  }
  if (!form.data) {
    return (
      <div className="rounded-lg bg-white p-10 text-center shadow-sm ring-1 ring-slate-200">
        <h1 className="text-xl font-semibold text-slate-900">Form not found</h1>
        <Link
          to="/forms"
          className="mt-4 inline-block font-medium text-indigo-600 hover:text-indigo-500"
        >
          Back to completed forms
        </Link>
      </div>
    );
  }

  const data = form.data;
  const onDelete = async () => {
    try {
      await deleteForm.mutateAsync(data.id);
      notifyMovedToTrash('Form deleted successfully', data.id);
      await navigate('/forms');
    } catch {
      notify.error('Failed to delete form');
      setIsDeleteOpen(false);
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <Link to="/forms" className="text-sm text-indigo-600 hover:text-indigo-500">
            ← Completed Forms
          </Link>
          <h1 className="mt-1 text-2xl font-bold [overflow-wrap:anywhere] text-slate-900">
            {data.template_name}
          </h1>
          <p className="text-sm text-slate-500">{data.record_display_name}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={data.download_url}
            target="_blank"
            rel="noreferrer"
            className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700"
          >
            Download
          </a>
          {canEdit ? (
            <>
              <Button variant="secondary" onClick={() => setIsEmailOpen(true)}>
                Email
              </Button>
              <Button
                variant="secondary"
                disabled={isCreating}
                onClick={() => void copyLink(data.template_id, data.record_id)}
              >
                Public Link
              </Button>
              <Button variant="danger" onClick={() => setIsDeleteOpen(true)}>
                Delete
              </Button>
            </>
          ) : null}
        </div>
      </div>
      <div className="grid gap-6 xl:grid-cols-5">
        <div className="min-w-0 space-y-6 xl:col-span-2">
          <section
            className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
            aria-label="Form Details"
          >
            <h2 className="font-semibold text-slate-900">Form Details</h2>
            <dl className="mt-2 divide-y divide-slate-100">
              <Detail label="Template">
                {data.template_name}
                {data.template_revision === null ? null : (
                  <span className="text-slate-500"> · revision {data.template_revision}</span>
                )}
              </Detail>
              <Detail label="Created">{formatDateTime(data.created_at)}</Detail>
              <Detail label="Data Source">{data.table_name || 'Unknown Table'}</Detail>
              <Detail label="Record ID">
                <span className="font-mono text-xs">{data.record_id}</span>
              </Detail>
              <Detail label="Emailed To">
                {data.email_sent_to.length > 0 ? data.email_sent_to.join(', ') : '—'}
              </Detail>
            </dl>
          </section>
          {canEdit ? (
            <FormPublicLinks templateId={data.template_id} recordId={data.record_id} />
          ) : null}
          <FormFillReport report={data.fill_report} />
        </div>
        <div className="min-w-0 xl:col-span-3">
          <FormPdfPreview
            formId={data.id}
            fileUrl={data.view_url}
            downloadUrl={data.download_url}
          />
        </div>
      </div>
      {isEmailOpen ? (
        <FormEmailDialog formId={data.id} onClose={() => setIsEmailOpen(false)} />
      ) : null}
      {isDeleteOpen ? (
        <ConfirmDialog
          title="Delete completed form"
          message="Are you sure you want to delete this completed form?"
          isBusy={deleteForm.isPending}
          onConfirm={() => void onDelete()}
          onCancel={() => setIsDeleteOpen(false)}
        />
      ) : null}
    </div>
  );
}
