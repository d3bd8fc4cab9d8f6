import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invitation, InvitationCreateBody } from '@formbridge/contract/invitations';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/invitations: the signed-in user's invitations, newest first. */
export function useInvitations() {
  return useQuery({
    queryKey: queryKeys.invitations,
    queryFn: () => apiRequest<Invitation[]>('/api/v1/invitations'),
  });
}

function useInvalidateInvitations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.invitations });
}

/** POST /api/v1/invitations: e-mails the invitation link. */
export function useCreateInvitation() {
  const invalidate = useInvalidateInvitations();
  return useMutation({
    mutationFn: (body: InvitationCreateBody) =>
      apiRequest<Invitation>('/api/v1/invitations', { method: 'POST', json: body }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/v1/invitations/{id}: the link stops working. */
export function useRevokeInvitation() {
  const invalidate = useInvalidateInvitations();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>(`/api/v1/invitations/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
