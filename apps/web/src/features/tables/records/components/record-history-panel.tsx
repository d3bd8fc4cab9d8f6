import type { RecordResponse } from '@formbridge/contract/records';
import type { TableResponse } from '@formbridge/contract/tables';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { ErrorBanner } from '../../../../components/ui/error-banner';
import { LoadFailed } from '../../../../components/ui/load-failed';
import { Spinner } from '../../../../components/ui/spinner';
import { describeError } from '../../../../lib/describe-error';
import { notify } from '../../../../lib/toast';
import { describeServerError } from '../../utils/api-errors';
import { useRecordHistory, useRestoreRecordHistory } from '../api/record-history-api';
import { RecordHistoryEntryItem } from './record-history-entry';

type Props = {
  table: TableResponse;
  record: RecordResponse;
  /** Absent for a Viewer: history is read-only. */
  onRestored?: ((record: RecordResponse) => void) | undefined;
};

/** The History tab: every change to the record, newest first, with restore for Editors. */
export function RecordHistoryPanel({ table, record, onRestored }: Props) {
  const history = useRecordHistory(table.id, record.id);
  const restore = useRestoreRecordHistory(table.id, record.id);
  const [error, setError] = useState<string | null>(null);

  const run = async (entryId: string, fields?: string[]) => {
    setError(null);
    try {
      const saved = await restore.mutateAsync({ entryId, fields });
      notify.success(fields?.length === 1 ? 'Value restored' : 'Version restored');
      onRestored?.(saved);
    } catch (failure) {
      const detail = describeServerError(failure);
      const message = detail ? `Failed to restore. ${detail}` : 'Failed to restore.';
      setError(message);
      notify.error(message);
    }
  };

  if (history.isPending) {
    return <Spinner label="Loading history..." />;
  }
  if (history.isError) {
    return (
      <LoadFailed
        what="the history"
        reason={describeError(history.error, 'Failed to load history')}
        onRetry={() => void history.refetch()}
        isRetrying={history.isFetching}
      />
    );
  }
  const entries = history.data.pages.flatMap((page) => page.entries);
  return (
    <div className="space-y-3">
      <ErrorBanner message={error} />
      {entries.length === 0 ? (
        <p className="text-sm text-slate-500">No changes recorded for this record yet.</p>
      ) : (
        <ol aria-label="Record history" className="space-y-3">
          {entries.map((entry) => (
            <RecordHistoryEntryItem
              key={entry.id}
              entry={entry}
              fields={table.fields}
              isRestoring={restore.isPending}
              onRestore={onRestored ? (fields) => void run(entry.id, fields) : undefined}
            />
          ))}
        </ol>
      )}
      {history.hasNextPage ? (
        <Button
          variant="secondary"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {history.isFetchingNextPage ? 'Loading...' : 'Show older changes'}
        </Button>
      ) : null}
    </div>
  );
}
