import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateMappingBody,
  FieldMapping,
  RejectSuggestionBody,
  SuggestResponse,
  UniversalField,
  UpdateMappingBody,
} from '@formbridge/contract/mappings';
import type { TableResponse } from '@formbridge/contract/tables';
import type { Template } from '@formbridge/contract/templates';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const mappingTemplateQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.templates.detail(id),
    queryFn: () => apiRequest<Template>(`/api/v1/pdf-templates/${id}`),
    retry: (failures, error) => (error as { status?: number }).status !== 404 && failures < 1,
  });

export function useMappingTemplate(id: string) {
  return useQuery(mappingTemplateQuery(id));
}

export function useTemplateMappings(templateId: string) {
  return useQuery({
    queryKey: queryKeys.mappings.forTemplate(templateId),
    queryFn: () => apiRequest<FieldMapping[]>(`/api/v1/field-mappings/template/${templateId}`),
  });
}

/** The user's tables, for the selector and for resolving link fields. */
export function useMappingTables() {
  return useQuery({
    queryKey: queryKeys.tables.all,
    queryFn: async () => {
      const tables = await apiRequest<unknown>('/api/v1/dynamic-tables/');
      return Array.isArray(tables) ? (tables as TableResponse[]) : [];
    },
    // A table deleted in another tab must not stay selectable ("Selected table not found").
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
  });
}

export function useUniversalFields() {
  return useQuery({
    queryKey: queryKeys.universalFields,
    queryFn: () => apiRequest<UniversalField[]>('/api/v1/field-mappings/universal-dynamic-fields'),
    staleTime: Infinity,
  });
}

function useInvalidateMappings(templateId: string) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({ queryKey: queryKeys.mappings.forTemplate(templateId) });
}

export function useCreateMapping(templateId: string) {
  const invalidate = useInvalidateMappings(templateId);
  return useMutation({
    mutationFn: (body: CreateMappingBody) =>
      apiRequest<FieldMapping>('/api/v1/field-mappings/', { method: 'POST', json: body }),
    onSuccess: invalidate,
  });
}

export function useUpdateMapping(templateId: string) {
  const invalidate = useInvalidateMappings(templateId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateMappingBody }) =>
      apiRequest<FieldMapping>(`/api/v1/field-mappings/${id}`, { method: 'PUT', json: body }),
    onSuccess: invalidate,
  });
}

export function useDeleteMapping(templateId: string) {
  const invalidate = useInvalidateMappings(templateId);
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<null>(`/api/v1/field-mappings/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useGenerateSuggestions(templateId: string) {
  return useMutation({
    mutationFn: (tableId: string) =>
      apiRequest<SuggestResponse>(
        `/api/v1/field-mappings/template/${templateId}/suggest?table_id=${encodeURIComponent(tableId)}`,
        { method: 'POST' },
      ),
  });
}

/** Turns a suggestion down: the account remembers it and does not suggest it there again. */
export function useRejectSuggestion(templateId: string) {
  return useMutation({
    mutationFn: (body: RejectSuggestionBody) =>
      apiRequest<null>(`/api/v1/field-mappings/template/${templateId}/suggestions/reject`, {
        method: 'POST',
        json: body,
      }),
  });
}
