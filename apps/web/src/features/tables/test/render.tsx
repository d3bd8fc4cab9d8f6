import type { TableResponse } from '@formbridge/contract/tables';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

/** Renders with a fresh query cache (seeded by the caller) and a router. */
export function renderWithCache(ui: ReactNode, seed: (client: QueryClient) => void = () => {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  seed(client);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

type Reply = { status: number; body?: unknown };

/** Replaces fetch with canned JSON answers, in order, and records each request. */
export function mockFetch(...replies: Reply[]) {
  const queue = [...replies];
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const reply = queue.shift() ?? { status: 500, body: { detail: 'unexpected call' } };
    return new Response(reply.status === 204 ? null : JSON.stringify(reply.body ?? null), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    /** Method, path and parsed JSON body of the nth call. */
    request(index: number) {
      const [input, init] = fetchMock.mock.calls[index] ?? [];
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const path = input instanceof Request ? input.url : input?.toString();
      return { method: init?.method ?? 'GET', path, body };
    },
  };
}

export function makeTable(overrides: Partial<TableResponse> = {}): TableResponse {
  return {
    id: 't-people',
    name: 'People',
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    field_count: 0,
    record_count: 0,
    fields: [],
    combination_rules: [],
    use_display_field: false,
    display_field_key: null,
    ...overrides,
  };
}
