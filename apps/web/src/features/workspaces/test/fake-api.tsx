import type { Member, Workspace, WorkspaceRole } from '@formbridge/contract/workspaces';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AuthContext, type AuthState } from '../../../lib/auth-context';
import { storeToken } from '../../../lib/session';

export const ME = 'user-me';

export const PERSONAL: Workspace = { id: ME, name: 'Personal', role: 'owner', personal: true };
export const TEAM: Workspace = {
  id: 'ws-team',
  name: 'Acme Office',
  role: 'editor',
  personal: false,
};

/** A signed-in session whose token names ME, so the stored workspace is ME's. */
export function signIn(): void {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  storeToken(`${encode({ alg: 'HS256' })}.${encode({ sub: ME, exp: 4_000_000_000 })}.sig`);
}

export type Call = { method: string; path: string; workspace: string | null; body: unknown };
type Answer = { status: number; body?: unknown };
export type Handler = (call: Call) => Answer | undefined;

function json({ status, body }: Answer): Response {
  return new Response(status === 204 ? null : JSON.stringify(body ?? null), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** fetch answered by `handle` (undefined: 404), recording each call with its X-Workspace-Id. */
export function fakeServer(handle: Handler) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const call: Call = {
        method: init.method ?? 'GET',
        path: input,
        workspace: headers['X-Workspace-Id'] ?? null,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      return json(handle(call) ?? { status: 404, body: { detail: 'Not Found' } });
    }),
  );
  return calls;
}

export function member(email: string, role: WorkspaceRole, userId = email): Member {
  return { user_id: userId, email, role };
}

const AUTH: AuthState = {
  user: { id: ME, email: 'me@example.com' },
  isLoading: false,
  isAuthenticated: true,
  error: null,
  login: async () => ({ ok: true }),
  register: async () => ({ ok: true }),
  logout: () => {},
  logoutEverywhere: async () => ({ ok: true }),
};

/** Renders routes signed in as ME with a fresh cache; returns the cache and the router. */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  wrap?: (ui: ReactNode) => ReactNode,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const ui = <RouterProvider router={router} />;
  render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={AUTH}>{wrap ? wrap(ui) : ui}</AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { client, router };
}
