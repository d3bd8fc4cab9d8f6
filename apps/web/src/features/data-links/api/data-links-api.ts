import type { RecordResponse } from '@formbridge/contract/records';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DataLink,
  DataLinkCreateBody,
  DataLinkUpdateBody,
} from '@formbridge/contract/public-links';
import type { TableResponse } from '@formbridge/contract/tables';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function useDataLinks() {
  return useQuery({
    queryKey: queryKeys.dataLinks,
    queryFn: () => apiRequest<DataLink[]>('/api/v1/public-data-links'),
  });
}

export function useLinkTables() {
  return useQuery({
    queryKey: queryKeys.tables.all,
    queryFn: async () => {
      const body = await apiRequest<unknown>('/api/v1/dynamic-tables/');
      return Array.isArray(body) ? (body as TableResponse[]) : [];
    },
    refetchOnMount: 'always',
  });
}

export function useLinkRecords(tableId: string) {
  return useQuery({
    queryKey: queryKeys.tables.records(tableId),
    queryFn: async () => {
      const body = await apiRequest<unknown>(`/api/v1/dynamic-tables/${tableId}/records`);
      return Array.isArray(body) ? (body as RecordResponse[]) : [];
    },
    enabled: tableId !== '',
    refetchOnMount: 'always',
  });
}

function useInvalidateLinks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.dataLinks });
}

export function useCreateDataLink() {
  const invalidate = useInvalidateLinks();
  return useMutation({
    mutationFn: ({
      tableId,
      recordId,
      body,
    }: {
      tableId: string;
      recordId: string;
      body: DataLinkCreateBody;
    }) =>
      apiRequest<DataLink>(`/api/v1/public-data-links/${tableId}/${recordId}`, {
        method: 'POST',
        json: body,
      }),
    onSuccess: invalidate,
  });
}

export function useUpdateDataLink() {
  const invalidate = useInvalidateLinks();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DataLinkUpdateBody }) =>
      apiRequest<DataLink>(`/api/v1/public-data-links/${id}`, { method: 'PUT', json: body }),
    onSuccess: invalidate,
  });
}

export function useDeleteDataLink() {
  const invalidate = useInvalidateLinks();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<null>(`/api/v1/public-data-links/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
