import type { TableResponse } from '@formbridge/contract/tables';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { describeError } from '../../../lib/describe-error';
import { notify } from '../../../lib/toast';
import { useTables } from '../api/tables-api';
import { TableCard } from './table-card';
import { TableCreateDialog } from '../schema/components/table-create-dialog';
import { TableDeleteDialog } from './table-delete-dialog';
import { useCan } from '../../../lib/workspace-context';

/** Spec §8 Tables: the list page warns that links and mappings can prevent the deletion. */
export const LIST_DELETE_WARNING =
  'Are you sure you want to delete this table and all its records? Deletion may be prevented if the table is linked by other tables or used in PDF field mappings.';

export function TablesPage() {
  const canEdit = useCan('editor');
  const tables = useTables();
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<TableResponse | null>(null);
  const isInvalidFormat = tables.data?.isInvalidFormat === true;
  // Stable, so a list refetch does not re-run the open modal's focus effect.
  const closeCreate = useCallback(() => setIsCreateOpen(false), []);
  const closeDelete = useCallback(() => setPendingDelete(null), []);

  useEffect(() => {
    if (tables.isError) {
      notify.error('Failed to load tables');
    }
  }, [tables.isError]);

  useEffect(() => {
    if (isInvalidFormat) {
      notify.error('Failed to load tables: Invalid data format');
    }
  }, [isInvalidFormat]);

  const list = tables.data?.tables ?? [];
  const createButton = canEdit ? (
    <Button onClick={() => setIsCreateOpen(true)}>Create New Dynamic Table</Button>
  ) : undefined;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900">Dynamic Tables</h1>
        {createButton}
      </div>
      {tables.isPending ? (
        <Spinner />
      ) : tables.isError ? (
        <LoadFailed
          what="your tables"
          reason={describeError(tables.error, 'Failed to load tables')}
          onRetry={() => void tables.refetch()}
          isRetrying={tables.isFetching}
        />
      ) : list.length === 0 ? (
        <EmptyState
          title="No dynamic tables found"
          message="Create a table to start keeping records for your forms."
          action={createButton}
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.map((table) => (
            <TableCard key={table.id} table={table} onDelete={setPendingDelete} />
          ))}
        </div>
      )}
      {isCreateOpen && canEdit ? <TableCreateDialog onClose={closeCreate} /> : null}
      {pendingDelete ? (
        <TableDeleteDialog
          table={pendingDelete}
          message={LIST_DELETE_WARNING}
          onDeleted={closeDelete}
          onCancel={closeDelete}
        />
      ) : null}
    </div>
  );
}
