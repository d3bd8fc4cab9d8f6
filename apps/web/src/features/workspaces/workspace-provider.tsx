import { useQueryClient } from '@tanstack/react-query';
import type { Workspace } from '@formbridge/contract/workspaces';
import { Fragment, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { setWorkspaceGoneHandler } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { notify } from '../../lib/toast';
import { WorkspaceContext, type WorkspaceState } from '../../lib/workspace-context';
import { readWorkspaceId, storeWorkspaceId } from '../../lib/workspace-store';
import { useWorkspaceList } from './api/workspaces-api';

export const WORKSPACE_GONE_MESSAGE =
  'That workspace is no longer available to you: you are back in your personal workspace.';

/** The stored choice when the user still belongs to it, else the personal workspace. */
export function pickCurrent(workspaces: Workspace[], storedId: string | null): Workspace | null {
  return (
    workspaces.find((workspace) => workspace.id === storedId) ??
    workspaces.find((workspace) => workspace.personal) ??
    workspaces[0] ??
    null
  );
}

/**
 * Which workspace the signed-in user acts in, and their role there. Every cached answer belongs
 * to one workspace, so a switch clears the whole cache and remounts the screens below.
 */
export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const list = useWorkspaceList();
  const [storedId, setStoredId] = useState(readWorkspaceId);

  const moveTo = useCallback(
    (workspaceId: string | null) => {
      storeWorkspaceId(workspaceId);
      setStoredId(readWorkspaceId());
      queryClient.clear();
      void navigate('/');
    },
    [queryClient, navigate],
  );

  useEffect(() => {
    setWorkspaceGoneHandler(() => {
      notify.warning(WORKSPACE_GONE_MESSAGE);
      moveTo(null);
    });
    return () => setWorkspaceGoneHandler(() => {});
  }, [moveTo]);

  const workspaces = useMemo(() => list.data ?? [], [list.data]);
  // The list no longer has the stored workspace (removed, or deleted elsewhere): personal again.
  const isStale =
    list.isSuccess && storedId !== null && !workspaces.some(({ id }) => id === storedId);
  const activeId = isStale ? null : storedId;
  const current = pickCurrent(workspaces, activeId);
  useEffect(() => {
    if (isStale) {
      storeWorkspaceId(null);
      notify.warning(WORKSPACE_GONE_MESSAGE);
      // Everything but the list itself, which is already the right one.
      queryClient.removeQueries({
        predicate: ({ queryKey }) => queryKey[0] !== queryKeys.workspaces.all[0],
      });
      void navigate('/');
    }
  }, [isStale, queryClient, navigate]);

  const value = useMemo<WorkspaceState>(
    () => ({
      workspaces,
      current,
      role: current?.role ?? 'owner',
      switchWorkspace: (workspaceId: string) => {
        if (workspaceId !== current?.id) {
          moveTo(workspaceId);
        }
      },
    }),
    [workspaces, current, moveTo],
  );

  // Until the list answers, the role is unknown: a Viewer must not see edit controls flash by.
  // A failed list (an older server) leaves the personal workspace, as before workspaces.
  if (list.isPending && activeId !== null) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner />
      </div>
    );
  }
  return (
    <WorkspaceContext.Provider value={value}>
      <Fragment key={activeId ?? 'personal'}>{children}</Fragment>
    </WorkspaceContext.Provider>
  );
}
