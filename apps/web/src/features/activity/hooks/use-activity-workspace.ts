import { useAuth } from '../../../lib/auth-context';
import { useWorkspace } from '../../../lib/workspace-context';

/**
 * The workspace whose activity the screen shows: the current one of the app shell, else the
 * signed-in user's personal workspace (whose id is the user's own).
 */
export function useActivityWorkspace(): string | null {
  const { current } = useWorkspace();
  const { user } = useAuth();
  return current?.id ?? user?.id ?? null;
}
