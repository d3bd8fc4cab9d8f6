import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { RecordHistoryPage } from '@formbridge/contract/record-history';
import type { RecordResponse } from '@formbridge/contract/records';
import { apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { invalidateTableLists } from '../../api/tables-api';

const historyPath = (tableId: string, recordId: string) =>
  `/api/v1/dynamic-tables/${tableId}/records/${recordId}/history`;

/** A record's history, newest first, a page of 50 at a time (`before` the last entry seen). */
export const recordHistoryQuery = (tableId: string, recordId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.tables.recordHistory(tableId, recordId),
    queryFn: ({ pageParam }) =>
      apiRequest<RecordHistoryPage>(
        `${historyPath(tableId, recordId)}${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export function useRecordHistory(tableId: string, recordId: string) {
  return useInfiniteQuery(recordHistoryQuery(tableId, recordId));
}

/**
 * Writes an entry's before values back (`fields`, or all of the entry's): a normal edit, so the
 * records, the table and the history all refresh.
 */
export function useRestoreRecordHistory(tableId: string, recordId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, fields }: { entryId: string; fields?: string[] }) =>
      apiRequest<RecordResponse>(`${historyPath(tableId, recordId)}/${entryId}/restore`, {
        method: 'POST',
        json: fields ? { fields } : {},
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tables.records(tableId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tables.detail(tableId), exact: true }),
        invalidateTableLists(queryClient),
      ]),
  });
}
