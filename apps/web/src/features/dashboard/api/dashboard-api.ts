import { useQuery } from '@tanstack/react-query';
import type { TemplateSummary } from '@formbridge/contract/templates';
import { apiRequest } from '../../../lib/api-client';

export type DashboardTable = { id: string; name: string; created_at: string; fields: unknown[] };
export type DashboardForm = { id: string };

/**
 * A list that failed to load counts as empty on the dashboard (spec §2). The dashboard keeps its
 * own cache entries: sharing the lists' keys would hand /templates an "empty" list after a failed
 * dashboard load, shown as "No templates found" instead of the failure.
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
    queryKey: ['dashboard', 'templates'],
    staleTime: 0,
    queryFn: () => listOrEmpty<TemplateSummary>('/api/v1/pdf-templates/'),
  });
  const tables = useQuery({
    queryKey: ['dashboard', 'tables'],
    staleTime: 0,
    queryFn: () => listOrEmpty<DashboardTable>('/api/v1/dynamic-tables/'),
  });
  const forms = useQuery({
    queryKey: ['dashboard', 'completed-forms'],
    staleTime: 0,
    queryFn: () => listOrEmpty<DashboardForm>('/api/v1/completed-forms/'),
  });
  return {
    isLoading: templates.isPending || tables.isPending || forms.isPending,
    templates: templates.data ?? [],
    tables: tables.data ?? [],
    forms: forms.data ?? [],
  };
}
