import type { TableResponse } from '@formbridge/contract/tables';
import { useQuery } from '@tanstack/react-query';
import type { TemplateSummary } from '@formbridge/contract/templates';
import { apiRequest, apiRequestWithHeaders } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * A list that failed to load counts as empty on the dashboard (spec §2), which is why the
 * dashboard keeps its own cache entries (see queryKeys.dashboard).
 */
async function listOrEmpty<T>(path: string): Promise<T[]> {
  try {
    const body = await apiRequest<unknown>(path);
    return Array.isArray(body) ? (body as T[]) : [];
  } catch {
    return [];
  }
}

/**
 * How many completed forms the user has: one form's page and its X-Total-Count, never the whole
 * list (5.8 MB at 5,000 forms); 0 when it failed, like the lists.
 */
async function countCompletedForms(): Promise<number> {
  try {
    const { headers } = await apiRequestWithHeaders<unknown>('/api/v1/completed-forms/?limit=1');
    return Number(headers.get('x-total-count') ?? 0);
  } catch {
    return 0;
  }
}

export function useDashboardLists() {
  const templates = useQuery({
    queryKey: queryKeys.dashboard.templates,
    staleTime: 0,
    queryFn: () => listOrEmpty<TemplateSummary>('/api/v1/pdf-templates/'),
  });
  const tables = useQuery({
    queryKey: queryKeys.dashboard.tables,
    staleTime: 0,
    queryFn: () => listOrEmpty<TableResponse>('/api/v1/dynamic-tables/'),
  });
  const formCount = useQuery({
    queryKey: queryKeys.dashboard.completedForms,
    staleTime: 0,
    queryFn: countCompletedForms,
  });
  return {
    isLoading: templates.isPending || tables.isPending || formCount.isPending,
    templates: templates.data ?? [],
    tables: tables.data ?? [],
    formCount: formCount.data ?? 0,
  };
}
