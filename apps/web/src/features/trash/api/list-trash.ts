import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrashList } from '@formbridge/contract/trash';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/trash: the workspace's deleted items, most recent first. */
export const trashQuery = () =>
  queryOptions({
    queryKey: queryKeys.trash,
    queryFn: () => apiRequest<TrashList>('/api/v1/trash'),
    // Deletes happen on every other screen; the trash is read fresh each time it opens.
    refetchOnMount: 'always',
  });

export function useTrash() {
  return useQuery(trashQuery());
}
