import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TemplateDetailPage } from './template-detail-page';
import { TemplatesPage } from './templates-page';

type Reply = { status: number; body: string; type: string };

function stubFetch(replies: Reply[]) {
  const queue = [...replies];
  const fetchMock = vi.fn(async () => {
    const reply = queue.shift() ?? replies[replies.length - 1];
    if (!reply) {
      throw new TypeError('Failed to fetch');
    }
    return new Response(reply.body, {
      status: reply.status,
      headers: { 'content-type': reply.type },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/templates', element: <TemplatesPage /> },
      { path: '/templates/:id', element: <TemplateDetailPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const PROXY_502 = {
  status: 502,
  body: '<html><body><h1>502 Bad Gateway</h1></body></html>',
  type: 'text/html',
};
const JSON_LIST = { status: 200, body: '[]', type: 'application/json' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a failed load is not an empty list or a missing thing', () => {
  it('/templates after a 502 says it could not load, not "No templates found", and retries', async () => {
    stubFetch([PROXY_502, JSON_LIST]);
    renderAt('/templates');
    expect(await screen.findByText("Couldn't load your templates")).toBeTruthy();
    expect(screen.getByText('Failed to load templates')).toBeTruthy();
    expect(screen.queryByText('No templates found')).toBeNull();
    expect(document.body.textContent).not.toContain('Bad Gateway');

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No templates found')).toBeTruthy();
  });

  it('template detail after a 500 offers a retry instead of "Template not found"', async () => {
    stubFetch([
      { status: 500, body: '{"detail":"Internal Server Error"}', type: 'application/json' },
    ]);
    renderAt('/templates/abc');
    // The detail query retries once before giving up.
    expect(
      await screen.findByText("Couldn't load this template", undefined, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByText('Template not found')).toBeNull();
  });

  it('template detail after a 404 says "Template not found"', async () => {
    stubFetch([{ status: 404, body: '{"detail":"Template not found"}', type: 'application/json' }]);
    renderAt('/templates/abc');
    expect(await screen.findByRole('heading', { name: 'Template not found' })).toBeTruthy();
    expect(screen.queryByTestId('load-failed')).toBeNull();
  });

  it('a network failure says the server could not be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderAt('/templates');
    expect(
      await screen.findByText('Could not reach the server. Please check your connection.'),
    ).toBeTruthy();
  });
});
