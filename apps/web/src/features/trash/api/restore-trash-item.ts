import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrashRestore } from '@formbridge/contract/trash';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/trash/{id}/restore; a restore can bring back anything, so every list reloads. */
export function useRestoreTrashItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<TrashRestore>(`/api/v1/trash/${encodeURIComponent(id)}/restore`, {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
