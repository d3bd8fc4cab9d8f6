import type { Onboarding, SampleResponse } from '@formbridge/contract/onboarding';
import type { Template } from '@formbridge/contract/templates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /onboarding: the checklist's steps from the account's own data. */
export function useOnboarding() {
  return useQuery({
    queryKey: queryKeys.dashboard.onboarding,
    staleTime: 0,
    queryFn: () => apiRequest<Onboarding>('/api/v1/onboarding/'),
  });
}

/** PATCH /onboarding: the checklist closed for good (on every device). */
export function useDismissChecklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<Onboarding>('/api/v1/onboarding/', {
        method: 'PATCH',
        json: { dismissed: true },
      }),
    onSuccess: (onboarding) => queryClient.setQueryData(queryKeys.dashboard.onboarding, onboarding),
  });
}

// What the sample and an upload add: the dashboard's lists and every list screen.
const refreshedByNewData = [
  queryKeys.dashboard.all,
  queryKeys.templates.all,
  queryKeys.tables.all,
  queryKeys.mappings.all,
];

/** POST /onboarding/sample: the sample form, its mapped table and three records, once. */
export function useCreateSample() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<SampleResponse>('/api/v1/onboarding/sample', { method: 'POST' }),
    onSuccess: () =>
      Promise.all(
        refreshedByNewData.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

/** POST /pdf-templates/ with the file's own name: the dashboard's "Use your own PDF form". */
export function useUploadOwnForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('name', file.name.replace(/\.pdf$/i, '') || file.name);
      form.append('pdf_file', file);
      return apiRequest<Template>('/api/v1/pdf-templates/', { method: 'POST', body: form });
    },
    onSuccess: () =>
      Promise.all(
        refreshedByNewData.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
