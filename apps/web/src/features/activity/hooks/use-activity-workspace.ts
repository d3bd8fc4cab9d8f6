import { useAuth } from '../../../lib/auth-context';

/**
 * The workspace whose activity the screen shows: the signed-in user's personal workspace, whose
 * id is the user's own (issue 31), until the app shell names a current workspace.
 */
export function useActivityWorkspace(): string | null {
  return useAuth().user?.id ?? null;
}
