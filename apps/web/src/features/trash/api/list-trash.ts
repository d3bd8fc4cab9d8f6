import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TrashItem, TrashList } from '@formbridge/contract/trash';
import { apiRequestWithHeaders } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Items per page of the Trash screen. */
export const TRASH_PAGE_SIZE = 50;

export type TrashPage = { items: TrashItem[]; total: number };

/**
 * GET /api/v1/trash: one page of the workspace's deleted items, most recent first, with how many
 * there are (X-Total-Count), so a large trash never loads whole.
 */
export const trashPageQuery = (pageIndex: number) =>
  queryOptions({
    queryKey: queryKeys.trashPage(TRASH_PAGE_SIZE, pageIndex),
    queryFn: async (): Promise<TrashPage> => {
      const query = `limit=${TRASH_PAGE_SIZE}&offset=${pageIndex * TRASH_PAGE_SIZE}`;
      const { body, headers } = await apiRequestWithHeaders<TrashList>(`/api/v1/trash?${query}`);
      const items = body.items;
      return { items, total: Number(headers.get('x-total-count') ?? items.length) };
    },
    // Deletes happen on every other screen; the trash is read fresh each time it opens.
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });

export function useTrashPage(pageIndex: number) {
  return useQuery(trashPageQuery(pageIndex));
}
