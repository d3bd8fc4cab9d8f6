import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Template,
  TemplateFillSettings,
  TemplateSummary,
} from '@formbridge/contract/templates';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const templatesQuery = () =>
  queryOptions({
    queryKey: queryKeys.templates.all,
    queryFn: () => apiRequest<TemplateSummary[]>('/api/v1/pdf-templates/'),
  });

export const templateQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.templates.detail(id),
    queryFn: () => apiRequest<Template>(`/api/v1/pdf-templates/${id}`),
    retry: (failures, error) => (error as { status?: number }).status !== 404 && failures < 1,
  });

export function useTemplates() {
  return useQuery(templatesQuery());
}

export function useTemplate(id: string) {
  return useQuery(templateQuery(id));
}

export function useUploadTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, file }: { name: string; file: File }) => {
      const form = new FormData();
      form.append('name', name);
      form.append('pdf_file', file);
      return apiRequest<Template>('/api/v1/pdf-templates/', { method: 'POST', body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.templates.all }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<null>(`/api/v1/pdf-templates/${id}`, { method: 'DELETE' }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.templates.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.templates.all });
    },
  });
}

/** PUT /pdf-templates/{id}/fill-settings: how generation fills this template. */
export function useUpdateFillSettings(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TemplateFillSettings) =>
      apiRequest<Template>(`/api/v1/pdf-templates/${id}/fill-settings`, {
        method: 'PUT',
        json: settings,
      }),
    onSuccess: (template) => {
      queryClient.setQueryData(queryKeys.templates.detail(id), template);
      return queryClient.invalidateQueries({ queryKey: queryKeys.templates.all, exact: true });
    },
  });
}
