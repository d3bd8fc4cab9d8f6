import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssignableRole,
  Member,
  MemberAddBody,
  MemberList,
} from '@formbridge/contract/workspaces';
import { apiRequest, apiRequestWithHeaders } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { workspacePath } from './workspaces-api';

const membersPath = (workspaceId: string) => `${workspacePath(workspaceId)}/members`;
const memberPath = (workspaceId: string, userId: string) =>
  `${membersPath(workspaceId)}/${encodeURIComponent(userId)}`;

/** GET /api/v1/workspaces/{id}/members. */
export function useMembers(workspaceId: string) {
  return useQuery({
    queryKey: queryKeys.members(workspaceId),
    queryFn: async () => (await apiRequest<MemberList>(membersPath(workspaceId))).members,
  });
}

// An added member or a new invitation shows in one list or the other: both are refreshed.
function useInvalidateMembers(workspaceId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.members(workspaceId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.memberInvitations(workspaceId) }),
    ]);
}

/** What adding by e-mail did: an existing account joined at once, or an invitation went out. */
export type MemberAddResult = { kind: 'added'; member: Member } | { kind: 'invited' };

/** POST /api/v1/workspaces/{id}/members: 201 added, 202 invited by e-mail. */
export function useAddMember(workspaceId: string) {
  const invalidate = useInvalidateMembers(workspaceId);
  return useMutation({
    mutationFn: async (body: MemberAddBody): Promise<MemberAddResult> => {
      const answer = await apiRequestWithHeaders<Member>(membersPath(workspaceId), {
        method: 'POST',
        json: body,
      });
      return answer.status === 202 ? { kind: 'invited' } : { kind: 'added', member: answer.body };
    },
    onSuccess: invalidate,
  });
}

/** PATCH /api/v1/workspaces/{id}/members/{user_id}. */
export function useChangeMemberRole(workspaceId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateMembers(workspaceId);
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: AssignableRole }) =>
      apiRequest<Member>(memberPath(workspaceId, userId), { method: 'PATCH', json: { role } }),
    // An Admin who lowers their own role loses the controls at once (the list carries roles).
    onSuccess: () =>
      Promise.all([
        invalidate(),
        queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
      ]),
  });
}

/** DELETE /api/v1/workspaces/{id}/members/{user_id}: removes a member, or the user leaves. */
export function useRemoveMember(workspaceId: string) {
  const invalidate = useInvalidateMembers(workspaceId);
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<null>(memberPath(workspaceId, userId), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** POST /api/v1/workspaces/{id}/transfer: the member becomes Owner, the Owner an Admin. */
export function useTransferOwnership(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<unknown>(`${workspacePath(workspaceId)}/transfer`, {
        method: 'POST',
        json: { user_id: userId },
      }),
    // The caller's own role changed too: the switcher's list says it.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
