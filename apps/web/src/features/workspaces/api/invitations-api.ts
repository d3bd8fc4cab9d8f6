import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WorkspaceInvitation, WorkspaceInvitationList } from '@formbridge/contract/workspaces';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { workspacePath } from './workspaces-api';

const invitationsPath = (workspaceId: string) => `${workspacePath(workspaceId)}/invitations`;
const invitationPath = (workspaceId: string, id: string) =>
  `${invitationsPath(workspaceId)}/${encodeURIComponent(id)}`;

/** GET /api/v1/workspaces/{id}/invitations: the pending ones (Admins). */
export function useWorkspaceInvitations(workspaceId: string) {
  return useQuery({
    queryKey: queryKeys.memberInvitations(workspaceId),
    queryFn: async () =>
      (await apiRequest<WorkspaceInvitationList>(invitationsPath(workspaceId))).invitations,
  });
}

// The sender's own Invitations screen lists workspace invitations too: both lists refresh.
function useInvalidateInvitations(workspaceId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.memberInvitations(workspaceId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.invitations }),
    ]);
}

/** DELETE /api/v1/workspaces/{id}/invitations/{invitation_id}: the link stops working. */
export function useWithdrawInvitation(workspaceId: string) {
  const invalidate = useInvalidateInvitations(workspaceId);
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<null>(invitationPath(workspaceId, id), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** POST /api/v1/workspaces/{id}/invitations/{invitation_id}/resend: a new link, a new expiry. */
export function useResendInvitation(workspaceId: string) {
  const invalidate = useInvalidateInvitations(workspaceId);
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<WorkspaceInvitation>(`${invitationPath(workspaceId, id)}/resend`, {
        method: 'POST',
      }),
    onSuccess: invalidate,
  });
}
