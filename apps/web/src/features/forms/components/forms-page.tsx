import type { CompletedForm } from '@formbridge/contract/completed-forms';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Pager } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import { describeError } from '../../../lib/describe-error';
import { notify } from '../../../lib/toast';
import { notifyMovedToTrash } from '../../../lib/moved-to-trash';
import { usePageParam } from '../../../lib/use-page-param';
import { FORMS_PAGE_SIZE, useCompletedFormsPage, useDeleteForm } from '../api/forms-api';
import { FormCard } from './form-card';
import { FormGenerateDialog } from './form-generate-dialog';
import { usePublicLink } from './use-public-link';
import { useCan } from '../../../lib/workspace-context';

export function FormsPage() {
  const canEdit = useCan('editor');
  const deleteForm = useDeleteForm();
  const { copyLink } = usePublicLink();
  // /forms?generate=<template>&table=<table> (the mapping screen's Generate Forms) opens the
  // dialog with both chosen.
  const [searchParams, setSearchParams] = useSearchParams();
  const [pageIndex, goToPage] = usePageParam();
  const forms = useCompletedFormsPage(pageIndex);
  const preselected = {
    templateId: searchParams.get('generate') ?? '',
    tableId: searchParams.get('table') ?? '',
  };
  const [isGenerateOpen, setIsGenerateOpen] = useState(preselected.templateId !== '');
  const closeGenerate = () => {
    setIsGenerateOpen(false);
    if (preselected.templateId) {
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.delete('generate');
          next.delete('table');
          return next;
        },
        { replace: true },
      );
    }
  };
  const [pendingDelete, setPendingDelete] = useState<CompletedForm | null>(null);

  useEffect(() => {
    if (forms.isError) {
      notify.error('Failed to load forms data');
    }
  }, [forms.isError]);
  // Past the last page (its last form deleted, an old link): show the last page there is.
  const total = forms.data?.total ?? 0;
  const lastIndex = Math.max(0, Math.ceil(total / FORMS_PAGE_SIZE) - 1);
  const isPastEnd = forms.isSuccess && !forms.isPlaceholderData && pageIndex > lastIndex;
  useEffect(() => {
    if (isPastEnd) {
      goToPage(lastIndex);
    }
  });

  const confirmDelete = async () => {
    if (!pendingDelete) {
      return;
    }
    try {
      await deleteForm.mutateAsync(pendingDelete.id);
      notifyMovedToTrash('Form deleted successfully', pendingDelete.id);
    } catch {
      notify.error('Failed to delete form');
    } finally {
      setPendingDelete(null);
    }
  };

  const list = forms.data?.forms ?? [];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900">Completed Forms</h1>
        {canEdit ? (
          <Button onClick={() => setIsGenerateOpen(true)}>Generate New Form</Button>
        ) : null}
      </div>
      <section aria-labelledby="recent-forms" className="space-y-4">
        <h2 id="recent-forms" className="text-lg font-semibold text-slate-900">
          Recently Generated Forms
        </h2>
        {forms.isPending ? (
          <Spinner />
        ) : forms.isError ? (
          <LoadFailed
            what="your completed forms"
            reason={describeError(forms.error, 'Failed to load forms data')}
            onRetry={() => void forms.refetch()}
            isRetrying={forms.isFetching}
          />
        ) : list.length === 0 ? (
          <EmptyState
            title="No completed forms found"
            action={
              canEdit ? (
                <Button onClick={() => setIsGenerateOpen(true)}>Generate First Form</Button>
              ) : undefined
            }
          />
        ) : (
          <>
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {list.map((form) => (
                <FormCard
                  key={form.id}
                  form={form}
                  onDelete={canEdit ? setPendingDelete : undefined}
                  onPublicLink={
                    canEdit ? (item) => void copyLink(item.template_id, item.record_id) : undefined
                  }
                />
              ))}
            </div>
            <Pager
              pageIndex={pageIndex}
              pageSize={FORMS_PAGE_SIZE}
              total={total}
              onChange={goToPage}
              noun="forms"
              isBusy={forms.isFetching}
            />
          </>
        )}
      </section>
      {isGenerateOpen && canEdit ? (
        <FormGenerateDialog
          onClose={closeGenerate}
          initialTemplateId={preselected.templateId}
          initialTableId={preselected.tableId}
        />
      ) : null}
      {pendingDelete ? (
        <ConfirmDialog
          title="Delete completed form"
          message="Are you sure you want to delete this completed form?"
          isBusy={deleteForm.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPendingDelete(null)}
        />
      ) : null}
    </div>
  );
}
