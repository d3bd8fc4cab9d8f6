import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { LoadFailed } from '../../../../components/ui/load-failed';
import { Spinner } from '../../../../components/ui/spinner';
import { notify } from '../../../../lib/toast';
import { downloadTableCsv } from '../../import/api/import-export-api';
import { describeServerError } from '../../utils/api-errors';
import { RecordsTable, type RecordsTableProps } from './records-table';

type Props = RecordsTableProps & {
  /** The grid's first page, read with the table: undefined while it loads, [] for no records. */
  firstPage: readonly unknown[] | undefined;
  /** Absent for a Viewer: no Add Record and no import (the export stays). */
  onAdd?: (() => void) | undefined;
  onImport?: (() => void) | undefined;
  /** The records could not be loaded: say so instead of "No records found". */
  loadError?: { reason: string; retry: () => void } | null;
};

/** Records with their toolbar: add, CSV/Excel import and CSV export; the empty state invites a first one. */
export function RecordsSection({ firstPage, onAdd, onImport, loadError, ...tableProps }: Props) {
  const [isExporting, setIsExporting] = useState(false);
  const { table } = tableProps;

  const onExport = async () => {
    setIsExporting(true);
    try {
      await downloadTableCsv(table.id, table.name);
    } catch (error) {
      notify.error(describeServerError(error) ?? 'Failed to export records');
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <section
      aria-labelledby="records-heading"
      className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-5 py-3">
        <h2 id="records-heading" className="font-semibold text-slate-900">
          Records
        </h2>
        <div className="flex flex-wrap gap-2">
          {onImport ? (
            <Button variant="secondary" onClick={onImport}>
              Import CSV/Excel
            </Button>
          ) : null}
          <Button variant="secondary" onClick={() => void onExport()} disabled={isExporting}>
            {isExporting ? 'Exporting...' : 'Export CSV'}
          </Button>
          {onAdd ? <Button onClick={onAdd}>Add Record</Button> : null}
        </div>
      </div>
      {loadError ? (
        <div className="p-5">
          <LoadFailed what="the records" reason={loadError.reason} onRetry={loadError.retry} />
        </div>
      ) : firstPage === undefined ? (
        <Spinner label="Loading records..." />
      ) : firstPage.length === 0 || tableProps.recordCount === 0 ? (
        <div className="p-5">
          <EmptyState
            title="No records found"
            message={onAdd ? 'Get started by adding your first record to this table.' : ''}
            action={onAdd ? <Button onClick={onAdd}>Add Record</Button> : undefined}
          />
        </div>
      ) : (
        <RecordsTable {...tableProps} />
      )}
    </section>
  );
}
