import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPage } from '@formbridge/contract/audit';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Events per page of the Activity screen. */
export const ACTIVITY_PAGE_SIZE = 50;

/** The filters as the API reads them (`actor`, `target_kind`, `target_id`, `action`, `from`, `to`). */
export type ActivityFilters = Partial<
  Record<'actor' | 'target_kind' | 'target_id' | 'action' | 'from' | 'to', string>
>;

/** Only the filters that say something, so an empty field never reaches the query string. */
export function activeFilters(filters: ActivityFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

export function auditPath(
  workspaceId: string,
  filters: ActivityFilters,
  extra: Record<string, string> = {},
  file: 'audit' | 'audit.csv' = 'audit',
): string {
  const query = new URLSearchParams({ ...activeFilters(filters), ...extra });
  const text = query.toString();
  return `/api/v1/workspaces/${encodeURIComponent(workspaceId)}/${file}${text ? `?${text}` : ''}`;
}

/** GET /api/v1/workspaces/{id}/audit a page at a time (newest first), from each page's cursor. */
export const auditEventsQuery = (workspaceId: string, filters: ActivityFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.activity.list(workspaceId, activeFilters(filters)),
    queryFn: ({ pageParam }) =>
      apiRequest<AuditPage>(
        auditPath(workspaceId, filters, {
          limit: String(ACTIVITY_PAGE_SIZE),
          ...(pageParam ? { cursor: pageParam } : {}),
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 0,
  });

export function useAuditEvents(workspaceId: string, filters: ActivityFilters) {
  return useInfiniteQuery(auditEventsQuery(workspaceId, filters));
}
