import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Workspace,
  WorkspaceCreateBody,
  WorkspaceList,
} from '@formbridge/contract/workspaces';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { queryKeys } from '../../../lib/query-keys';

export const workspacePath = (id: string) => `/api/v1/workspaces/${encodeURIComponent(id)}`;

/** GET /api/v1/workspaces: every workspace the user belongs to, with their role in it. */
export function useWorkspaceList() {
  const { user } = useAuth();
  return useQuery({
    queryKey: queryKeys.workspaces.list(user?.id ?? ''),
    queryFn: async () => (await apiRequest<WorkspaceList>('/api/v1/workspaces')).workspaces,
    // The switcher needs it on every screen; a failure falls back to the personal workspace.
    retry: false,
    staleTime: 60_000,
  });
}

function useInvalidateWorkspaces() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all });
}

/** POST /api/v1/workspaces: a new workspace with the user as its Owner. */
export function useCreateWorkspace() {
  const invalidate = useInvalidateWorkspaces();
  return useMutation({
    mutationFn: (body: WorkspaceCreateBody) =>
      apiRequest<Workspace>('/api/v1/workspaces', { method: 'POST', json: body }),
    onSuccess: invalidate,
  });
}

/** PATCH /api/v1/workspaces/{id}: a new name (Admins). */
export function useRenameWorkspace(workspaceId: string) {
  const invalidate = useInvalidateWorkspaces();
  return useMutation({
    mutationFn: (body: WorkspaceCreateBody) =>
      apiRequest<Workspace>(workspacePath(workspaceId), { method: 'PATCH', json: body }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/v1/workspaces/{id}: the workspace and everything in it (the Owner). */
export function useDeleteWorkspace(workspaceId: string) {
  return useMutation({
    mutationFn: () => apiRequest<null>(workspacePath(workspaceId), { method: 'DELETE' }),
  });
}
