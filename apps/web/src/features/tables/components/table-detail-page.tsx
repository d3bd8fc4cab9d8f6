import type { RecordResponse } from '@formbridge/contract/records';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { LoadFailed } from '../../../components/ui/load-failed';
import { ApiError } from '../../../lib/api-client';
import { describeError, isNotFoundError } from '../../../lib/describe-error';
import { notify } from '../../../lib/toast';
import { notifyMovedToTrash } from '../../../lib/moved-to-trash';
import { useTemplatesMappedTo } from '../generate/api/generation-api';
import { recordsPageQuery, recordsQuery, useDeleteRecord } from '../records/api/records-api';
import { useTable, useTables } from '../api/tables-api';
import { useLinkedTables } from '../records/hooks/use-linked-tables';
import { describeServerError } from '../utils/api-errors';
import {
  GenerateFormsDialog,
  type GenerateTarget,
} from '../generate/components/generate-forms-dialog';
import { RecordEditDialog } from '../records/components/record-edit-dialog';
import { RecordViewDialog } from '../records/components/record-view-dialog';
import { RecordsSection } from '../records/components/records-section';
import { TableDeleteDialog } from './table-delete-dialog';
import { TableFieldDefinitions } from '../schema/components/table-field-definitions';
import { TableImportDialog } from '../import/components/table-import-dialog';
import { TableNotFound } from './table-not-found';
import { TableSchemaEditDialog } from '../schema/components/table-schema-edit-dialog';
import { TableSchemaSummary } from '../schema/components/table-schema-summary';
import { useCan } from '../../../lib/workspace-context';

export const DETAIL_DELETE_WARNING =
  'Are you sure you want to delete this table? This will also delete all records in this table.';

type Dialog =
  | { kind: 'schema' }
  | { kind: 'delete-table' }
  | { kind: 'import' }
  | { kind: 'record'; record: RecordResponse | null }
  | { kind: 'view'; record: RecordResponse }
  | { kind: 'delete-record'; record: RecordResponse }
  | { kind: 'generate'; target: GenerateTarget };

export function TableDetailPage() {
  const { id = '' } = useParams();
  // A link cell can lead to another table: start that one afresh.
  return <TableDetail key={id} id={id} />;
}

function TableDetail({ id }: { id: string }) {
  const canEdit = useCan('editor');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const table = useTable(id);
  // Fetched together with the table (spec §7): the grid's first page. The grid reads the other
  // pages as they scroll into view (records-table.tsx); the table carries the record count.
  const records = useQuery(recordsPageQuery(id, 0));
  const tables = useTables();
  const linkedTables = useLinkedTables(table.data);
  const deleteRecord = useDeleteRecord(id);
  const mapped = useTemplatesMappedTo(id);
  const [chosenDialog, setDialog] = useState<Dialog | null>(null);
  // A link cell elsewhere opened this table at one record (?record=id): that record's form shows
  // until it is closed.
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedRecordId = searchParams.get('record');
  const linkedRecord = linkedRecordId
    ? records.data?.find((item) => item.id === linkedRecordId)
    : undefined;
  // ?add=1 (a table just made from a form): the next step, its first record, opens at once.
  const isAddRequested = searchParams.get('add') === '1';
  // A Viewer opens no record form: a record opens read-only, with its history.
  const dialog: Dialog | null =
    chosenDialog ??
    (!canEdit
      ? linkedRecord
        ? { kind: 'view', record: linkedRecord }
        : null
      : linkedRecord
        ? { kind: 'record', record: linkedRecord }
        : isAddRequested
          ? { kind: 'record', record: null }
          : null);
  // Stable, so a refetch that re-renders the page does not re-run the open modal's focus effect.
  const close = useCallback(() => {
    setDialog(null);
    setSearchParams(
      (current) => {
        current.delete('record');
        current.delete('add');
        return current;
      },
      { replace: true },
    );
  }, [setSearchParams]);
  const isNotFound = isNotFoundError(table.error);
  const hasLoadError = !isNotFound && (table.isError || records.isError);
  const tableNames = useMemo(
    () => new Map((tables.data?.tables ?? []).map((item) => [item.id, item.name])),
    [tables.data],
  );

  useEffect(() => {
    if (hasLoadError) {
      notify.error('Failed to load table data');
    }
  }, [hasLoadError]);

  if (table.isPending) {
    return <Spinner />;
  }
  if (!table.data && !isNotFound) {
    return (
      <LoadFailed
        what="this table"
        reason={describeError(table.error, 'Failed to load table data')}
        onRetry={() => void table.refetch()}
        isRetrying={table.isFetching}
      />
    );
  }
  if (!table.data) {
    return <TableNotFound />;
  }
  const data = table.data;

  const confirmDeleteRecord = async (record: RecordResponse) => {
    try {
      await deleteRecord.mutateAsync(record.id);
      notifyMovedToTrash('Record deleted successfully', record.id);
    } catch (error) {
      // 409 record_in_use names the records that link to it.
      notify.error(
        error instanceof ApiError && error.status === 409
          ? (describeServerError(error) ?? 'Failed to delete record')
          : 'Failed to delete record',
      );
    } finally {
      close();
    }
  };

  // Every record id, read when asked for: the page itself holds only the pages in view.
  const generateForAll = async () => {
    try {
      const records = await queryClient.fetchQuery({ ...recordsQuery(id), staleTime: 0 });
      setDialog({
        kind: 'generate',
        target: { kind: 'bulk', recordIds: records.map((record) => record.id) },
      });
    } catch {
      notify.error('Failed to load table records');
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <Link to="/tables" className="text-sm text-indigo-600 hover:text-indigo-500">
            ← Back to Tables
          </Link>
          <h1 className="mt-1 text-2xl font-bold break-all text-slate-900">{data.name}</h1>
        </div>
        {canEdit ? (
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setDialog({ kind: 'schema' })}>
              Edit Schema
            </Button>
            <Button variant="danger" onClick={() => setDialog({ kind: 'delete-table' })}>
              Delete
            </Button>
          </div>
        ) : null}
      </div>
      <TableSchemaSummary table={data} />
      <TableFieldDefinitions table={data} tableNames={tableNames} />
      <RecordsSection
        table={data}
        recordCount={data.record_count}
        firstPage={records.data}
        loadError={
          records.isError && !records.data
            ? {
                reason: describeError(records.error, 'Failed to load table data'),
                retry: () => void records.refetch(),
              }
            : null
        }
        linkedTables={linkedTables}
        onAdd={canEdit ? () => setDialog({ kind: 'record', record: null }) : undefined}
        onImport={canEdit ? () => setDialog({ kind: 'import' }) : undefined}
        onEdit={canEdit ? (record) => setDialog({ kind: 'record', record }) : undefined}
        onDelete={canEdit ? (record) => setDialog({ kind: 'delete-record', record }) : undefined}
        onView={(record) => setDialog({ kind: 'view', record })}
        renderGenerateFormsAction={
          canEdit && mapped.templates.length > 0
            ? (record) => (
                <button
                  type="button"
                  className="text-sm font-medium text-indigo-600 hover:text-indigo-500"
                  onClick={() =>
                    setDialog({
                      kind: 'generate',
                      target: {
                        kind: 'record',
                        recordId: record.id,
                        recordName: record.computed.display_name,
                      },
                    })
                  }
                >
                  Generate Forms
                </button>
              )
            : undefined
        }
      />
      {canEdit ? (
        <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 className="font-semibold text-slate-900">Generate PDF Forms</h2>
          {mapped.isLoading ? null : mapped.templates.length === 0 ? (
            <p className="mt-1 text-sm text-slate-500">
              No templates are mapped to this table. Please set up field mappings first.
            </p>
          ) : (
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <p className="text-sm text-slate-500">
                {mapped.templates.length} template{mapped.templates.length === 1 ? '' : 's'} mapped
                to this table.
              </p>
              <Button disabled={data.record_count === 0} onClick={() => void generateForAll()}>
                Generate for all records
              </Button>
            </div>
          )}
          <Link
            to="/templates"
            className="mt-3 inline-block text-sm font-medium text-indigo-600 hover:text-indigo-500"
          >
            View Templates
          </Link>
        </section>
      ) : null}
      {dialog?.kind === 'schema' ? <TableSchemaEditDialog table={data} onClose={close} /> : null}
      {dialog?.kind === 'import' ? <TableImportDialog table={data} onClose={close} /> : null}
      {dialog?.kind === 'generate' ? (
        <GenerateFormsDialog
          tableId={data.id}
          templates={mapped.templates}
          target={dialog.target}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'record' ? (
        <RecordEditDialog
          table={data}
          record={dialog.record}
          linkedTables={linkedTables}
          onSaved={(record) => setDialog({ kind: 'record', record })}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'view' ? (
        <RecordViewDialog
          table={data}
          record={dialog.record}
          linkedTables={linkedTables}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'delete-record' ? (
        <ConfirmDialog
          title="Delete record"
          message="Are you sure you want to delete this record?"
          isBusy={deleteRecord.isPending}
          onConfirm={() => void confirmDeleteRecord(dialog.record)}
          onCancel={close}
        />
      ) : null}
      {dialog?.kind === 'delete-table' ? (
        <TableDeleteDialog
          table={data}
          message={DETAIL_DELETE_WARNING}
          onDeleted={() => void navigate('/tables')}
          onCancel={close}
        />
      ) : null}
    </div>
  );
}
