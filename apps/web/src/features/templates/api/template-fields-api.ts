import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EditorField, FieldCandidatesResponse } from '@formbridge/contract/field-candidates';
import type { TemplateUpdateResponse } from '@formbridge/contract/templates';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /pdf-templates/{id}/field-candidates: the fields the finder proposes on the pages. A POST
 * because it does work, read as a query so the editor has one loading and one error state; it is
 * never refetched behind the user's back, which would undo nothing but cost a sandbox run.
 */
export const fieldCandidatesQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.templates.fieldCandidates(id),
    queryFn: () =>
      apiRequest<FieldCandidatesResponse>(`/api/v1/pdf-templates/${id}/field-candidates`, {
        method: 'POST',
      }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useFieldCandidates(id: string) {
  return useQuery(fieldCandidatesQuery(id));
}

/** PUT /pdf-templates/{id}/fields: the whole field list written into the PDF as an AcroForm. */
export function useWriteTemplateFields(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: EditorField[]) =>
      apiRequest<TemplateUpdateResponse>(`/api/v1/pdf-templates/${id}/fields`, {
        method: 'PUT',
        json: { fields },
      }),
    onSuccess: async (template) => {
      queryClient.setQueryData(queryKeys.templates.detail(id), template);
      // The file changed: new fields, and mappings of fields that are gone were dropped.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.templates.all, exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.mappings.forTemplate(id) }),
      ]);
    },
  });
}
