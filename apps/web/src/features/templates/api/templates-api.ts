import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Template,
  TemplateFillSettings,
  TemplateSummary,
} from '@formbridge/contract/templates';
import { apiRequest } from '../../../lib/api-client';

export const TEMPLATES_KEY = ['templates'] as const;

export const templatesQuery = () =>
  queryOptions({
    queryKey: TEMPLATES_KEY,
    queryFn: () => apiRequest<TemplateSummary[]>('/api/v1/pdf-templates/'),
  });

export const templateQuery = (id: string) =>
  queryOptions({
    queryKey: [...TEMPLATES_KEY, id],
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<null>(`/api/v1/pdf-templates/${id}`, { method: 'DELETE' }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: [...TEMPLATES_KEY, id] });
      return queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });
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
      queryClient.setQueryData([...TEMPLATES_KEY, id], template);
      return queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY, exact: true });
    },
  });
}
