import { roleAllows, type Workspace, type WorkspaceRole } from '@formbridge/contract/workspaces';
import { createContext, useContext } from 'react';

export type WorkspaceState = {
  /** Every workspace the user belongs to (empty until loaded, or when the list failed). */
  workspaces: Workspace[];
  /** The workspace requests act in; null when the list is not known (the personal one then). */
  current: Workspace | null;
  /** The user's role in the current workspace. */
  role: WorkspaceRole;
  /** Acts in another workspace from now on: the cache is cleared and the dashboard opens. */
  switchWorkspace: (workspaceId: string) => void;
};

// Without a provider (a screen rendered alone, a list that could not load) the user is in their
// personal workspace, where they are the Owner: the server still decides every request.
const PERSONAL: WorkspaceState = {
  workspaces: [],
  current: null,
  role: 'owner',
  switchWorkspace: () => {},
};

export const WorkspaceContext = createContext<WorkspaceState>(PERSONAL);

export function useWorkspace(): WorkspaceState {
  return useContext(WorkspaceContext);
}

/** The signed-in user's role in the current workspace. */
export function useWorkspaceRole(): WorkspaceRole {
  return useContext(WorkspaceContext).role;
}

/** True when the user's role may do what `needed` may (controls are hidden otherwise). */
export function useCan(needed: WorkspaceRole): boolean {
  return roleAllows(useWorkspaceRole(), needed);
}
