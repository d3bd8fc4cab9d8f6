import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FieldMapping } from '@formbridge/contract/mappings';
import { apiRequest } from '../../../lib/api-client';

// Same cache key as the mapping screen, so both show the same mappings without a refetch.
const mappingsKey = (templateId: string) => ['mappings', templateId] as const;

export function useTemplateMappingList(templateId: string) {
  return useQuery({
    queryKey: mappingsKey(templateId),
    queryFn: () => apiRequest<FieldMapping[]>(`/api/v1/field-mappings/template/${templateId}`),
  });
}

export function useRemoveTemplateMapping(templateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<null>(`/api/v1/field-mappings/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mappingsKey(templateId) }),
  });
}
