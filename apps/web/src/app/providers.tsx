import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { toast, ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { ApiError } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

export const queryClient: QueryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
  mutationCache: new MutationCache({ onError: showRoleRefusal }),
});

/**
 * A 403 names the role the action needs (the UI hides what the role cannot do, so this means the
 * role changed meanwhile): its detail is shown whatever the screen says, and the workspace list
 * is read again so the controls follow the new role.
 */
function showRoleRefusal(error: unknown): void {
  if (error instanceof ApiError && error.status === 403 && error.detail) {
    toast.error(error.detail, { toastId: `forbidden:${error.detail}` });
    void queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all });
  }
}

/** App-wide providers: data cache and toasts (top-right, 3 s, pause on hover/focus loss, light). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer
        position="top-right"
        autoClose={3000}
        pauseOnHover
        pauseOnFocusLoss
        draggable
        draggablePercent={80}
        theme="light"
      />
    </QueryClientProvider>
  );
}
