import type { CompletedForm } from '@formbridge/contract/completed-forms';
import type { TableResponse } from '@formbridge/contract/tables';
import { useQuery } from '@tanstack/react-query';
import type { TemplateSummary } from '@formbridge/contract/templates';
import { apiRequest } from '../../../lib/api-client';
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
  const forms = useQuery({
    queryKey: queryKeys.dashboard.completedForms,
    staleTime: 0,
    queryFn: () => listOrEmpty<CompletedForm>('/api/v1/completed-forms/'),
  });
  return {
    isLoading: templates.isPending || tables.isPending || forms.isPending,
    templates: templates.data ?? [],
    tables: tables.data ?? [],
    forms: forms.data ?? [],
  };
}
