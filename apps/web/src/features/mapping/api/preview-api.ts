import type { RecordResponse } from '@formbridge/contract/records';
import { useQuery } from '@tanstack/react-query';
import type { MappingPreview } from '@formbridge/contract/mapping-preview';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The records a preview can be shown on: the first page is enough to pick a typical one. */
const PREVIEW_RECORD_LIMIT = 200;

export function usePreviewRecords(tableId: string) {
  return useQuery({
    queryKey: queryKeys.mappings.previewRecords(tableId),
    enabled: tableId !== '',
    queryFn: async () => {
      const body = await apiRequest<unknown>(
        `/api/v1/dynamic-tables/${tableId}/records?limit=${PREVIEW_RECORD_LIMIT}`,
      );
      return Array.isArray(body) ? (body as RecordResponse[]) : [];
    },
  });
}

/**
 * The template filled for one record, nothing stored. Its key sits under the mappings' key, so
 * every mapping change (which invalidates the mappings) refreshes the preview too.
 */
export function useMappingPreview(templateId: string, tableId: string, recordId: string) {
  return useQuery({
    queryKey: queryKeys.mappings.preview(templateId, tableId, recordId),
    enabled: tableId !== '' && recordId !== '',
    queryFn: () =>
      apiRequest<MappingPreview>(`/api/v1/field-mappings/template/${templateId}/preview`, {
        method: 'POST',
        json: { table_id: tableId, record_id: recordId },
      }),
  });
}
