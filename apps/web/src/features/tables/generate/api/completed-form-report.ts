import { useQuery } from '@tanstack/react-query';
import type { CompletedFormDetail } from '@formbridge/contract/completed-forms';
import { apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

/** GET /completed-forms/{id} for its fill report: loaded when a result row is opened. */
export function useCompletedFormReport(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.completedForms.detail(id),
    queryFn: () => apiRequest<CompletedFormDetail>(`/api/v1/completed-forms/${id}`),
    enabled,
  });
}
