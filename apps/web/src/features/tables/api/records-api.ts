import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StoredFile, TableRecord } from '@formbridge/contract/records';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { invalidateTableLists } from './tables-api';

/** A record file as the API returns it; `file_path` is a signed URL a new tab can open. */
export type RecordFileDto = StoredFile & {
  field_name: string;
  content_type: string;
  created_at: string;
  file_path: string;
};

/** A record with what the server derives: its display name and each combination's value. */
export type TableRecordDto = TableRecord & {
  computed: { display_name: string; combinations: Record<string, string> };
};

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
      return Array.isArray(body) ? (body as TableRecordDto[]) : [];
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
      return Array.isArray(body) ? (body as TableRecordDto[]) : [];
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
      apiRequest<TableRecordDto>(recordsPath(tableId), { method: 'POST', json: { data } }),
    onSuccess: invalidate,
  });
}

export function useUpdateRecord(tableId: string) {
  const invalidate = useInvalidateRecords(tableId);
  return useMutation({
    mutationFn: ({ recordId, data }: { recordId: string; data: RecordData }) =>
      apiRequest<TableRecordDto>(`${recordsPath(tableId)}/${recordId}`, {
        method: 'PUT',
        json: { data },
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteRecord(tableId: string) {
  const invalidate = useInvalidateRecords(tableId);
  return useMutation({
    mutationFn: (recordId: string) =>
      apiRequest<null>(`${recordsPath(tableId)}/${recordId}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
