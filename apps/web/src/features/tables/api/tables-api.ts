import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  CreateTableBody,
  TableResponse,
  TableUpdateResponse,
  UpdateTableBody,
} from '@formbridge/contract/tables';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The spec treats a non-array list answer as empty and says so; the page needs to know. */
export type TableList = { tables: TableResponse[]; isInvalidFormat: boolean };

const isNotFound = (error: unknown) => (error as { status?: number }).status === 404;

export async function listTables(): Promise<TableList> {
  const body = await apiRequest<unknown>('/api/v1/dynamic-tables/');
  return Array.isArray(body)
    ? { tables: body as TableResponse[], isInvalidFormat: false }
    : { tables: [], isInvalidFormat: true };
}

export const tablesQuery = () =>
  queryOptions({ queryKey: queryKeys.tables.list, queryFn: listTables });

export const tableQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.tables.detail(id),
    queryFn: () => apiRequest<TableResponse>(`/api/v1/dynamic-tables/${id}`),
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  });

export function useTables() {
  return useQuery(tablesQuery());
}

export function useTable(id: string) {
  return useQuery(tableQuery(id));
}

/** The lists that show tables (cards, dashboard, mapping selector); not every cached table. */
export function invalidateTableLists(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.tables.all, exact: true }),
    queryClient.invalidateQueries({ queryKey: queryKeys.tables.list }),
  ]);
}

export function useCreateTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTableBody) =>
      apiRequest<TableResponse>('/api/v1/dynamic-tables/', { method: 'POST', json: body }),
    onSuccess: () => invalidateTableLists(queryClient),
  });
}

export function useUpdateTable(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTableBody) =>
      apiRequest<TableUpdateResponse>(`/api/v1/dynamic-tables/${id}`, {
        method: 'PUT',
        json: body,
      }),
    onSuccess: async (result) => {
      queryClient.setQueryData<TableResponse>(queryKeys.tables.detail(id), result);
      // Renames move values to new keys, and mapping keys follow them on the server.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tables.records(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.mappings.all }),
        invalidateTableLists(queryClient),
      ]);
    },
  });
}

export function useDeleteTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<null>(`/api/v1/dynamic-tables/${id}`, { method: 'DELETE' }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.tables.detail(id) });
      return invalidateTableLists(queryClient);
    },
  });
}
