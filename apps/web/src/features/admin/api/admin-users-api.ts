import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserPatchBody, AdminUsersResponse } from '@formbridge/contract/admin';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/admin/users: every account, oldest first (instance admin only). */
export function useAdminUsers() {
  return useQuery({
    queryKey: queryKeys.adminUsers,
    queryFn: async () => (await apiRequest<AdminUsersResponse>('/api/v1/admin/users')).users,
  });
}

function useInvalidateAdminUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers });
}

/** PATCH /api/v1/admin/users/{id}: disable/enable, allow/forbid inviting. */
export function useUpdateAdminUser() {
  const invalidate = useInvalidateAdminUsers();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: AdminUserPatchBody }) =>
      apiRequest<AdminUser>(`/api/v1/admin/users/${id}`, { method: 'PATCH', json: changes }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/v1/admin/users/{id}: the account and everything it owns. */
export function useDeleteAdminUser() {
  const invalidate = useInvalidateAdminUsers();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>(`/api/v1/admin/users/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
