import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatRecordEtag } from '@formbridge/contract/record-etag';
import { recordConflictSchema, type RecordResponse } from '@formbridge/contract/records';
import { ApiError, apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { invalidateTableLists } from '../../api/tables-api';

export type RecordData = Record<string, unknown>;

const recordsPath = (tableId: string) => `/api/v1/dynamic-tables/${tableId}/records`;

/**
 * Every record of a table in one call (oldest first). 10,000 records are about 4 MB and 200 ms
 * on the server (docs/benchmarks.md): for the link selects and link labels, which need the whole
 * linked table, and the dialogs that need every record. The records grid reads pages instead.
 */
export const recordsQuery = (tableId: string) =>
  queryOptions({
    queryKey: queryKeys.tables.records(tableId),
    queryFn: async () => {
      const body = await apiRequest<unknown>(recordsPath(tableId));
      return Array.isArray(body) ? (body as RecordResponse[]) : [];
    },
    retry: (failures, error) => (error as { status?: number }).status !== 404 && failures < 1,
  });

/** Rows per page of the records grid: a screenful or two with the grid's overscan. */
export const RECORDS_PAGE_SIZE = 100;

/** One page of the records grid (oldest first), under the table's records key. */
export const recordsPageQuery = (tableId: string, pageIndex: number) =>
  queryOptions({
    queryKey: queryKeys.tables.recordsPage(tableId, RECORDS_PAGE_SIZE, pageIndex),
    queryFn: async () => {
      const query = `limit=${RECORDS_PAGE_SIZE}&offset=${pageIndex * RECORDS_PAGE_SIZE}`;
      const body = await apiRequest<unknown>(`${recordsPath(tableId)}?${query}`);
      return Array.isArray(body) ? (body as RecordResponse[]) : [];
    },
  });

export function useRecords(tableId: string) {
  return useQuery(recordsQuery(tableId));
}

/** Records and the table's record count change together. */
function useInvalidateRecords(tableId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.tables.records(tableId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.tables.detail(tableId), exact: true }),
      invalidateTableLists(queryClient),
    ]);
}

export function useCreateRecord(tableId: string) {
  const invalidate = useInvalidateRecords(tableId);
  return useMutation({
    mutationFn: (data: RecordData) =>
      apiRequest<RecordResponse>(recordsPath(tableId), { method: 'POST', json: { data } }),
    onSuccess: invalidate,
  });
}

/**
 * Changes only the fields in `data`, and only while the record is still at `version` (If-Match):
 * a 412 carries the record as it is now (readStaleRecord).
 */
export function usePatchRecord(tableId: string) {
  const invalidate = useInvalidateRecords(tableId);
  return useMutation({
    mutationFn: ({
      recordId,
      data,
      version,
    }: {
      recordId: string;
      data: RecordData;
      version: number;
    }) =>
      apiRequest<RecordResponse>(`${recordsPath(tableId)}/${recordId}`, {
        method: 'PATCH',
        json: { data },
        headers: { 'if-match': formatRecordEtag(version) },
      }),
    onSuccess: invalidate,
    // Refused as stale: what the lists show is stale too.
    onError: (error) => (readStaleRecord(error) ? invalidate() : undefined),
  });
}

/** The record as it is now, when a write was refused because someone else saved it first. */
export function readStaleRecord(error: unknown): RecordResponse | null {
  if (!(error instanceof ApiError) || error.status !== 412) {
    return null;
  }
  const parsed = recordConflictSchema.safeParse(error.body);
  return parsed.success ? parsed.data.current : null;
}

export function useDeleteRecord(tableId: string) {
  const invalidate = useInvalidateRecords(tableId);
  return useMutation({
    mutationFn: (recordId: string) =>
      apiRequest<null>(`${recordsPath(tableId)}/${recordId}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
