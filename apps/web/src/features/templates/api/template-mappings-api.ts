import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FieldMapping } from '@formbridge/contract/mappings';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

// Same cache key as the mapping screen, so both show the same mappings without a refetch.
export function useTemplateMappingList(templateId: string) {
  return useQuery({
    queryKey: queryKeys.mappings.forTemplate(templateId),
    queryFn: () => apiRequest<FieldMapping[]>(`/api/v1/field-mappings/template/${templateId}`),
  });
}

export function useRemoveTemplateMapping(templateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<null>(`/api/v1/field-mappings/${id}`, { method: 'DELETE' }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.mappings.forTemplate(templateId) }),
  });
}
