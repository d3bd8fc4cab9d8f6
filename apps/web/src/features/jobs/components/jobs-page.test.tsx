import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JobListItem, JobsListResponse } from '@formbridge/contract/jobs';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobsPage } from './jobs-page';

function makeJob(index: number, overrides: Partial<JobListItem> = {}): JobListItem {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    kind: 'bulk_generation',
    status: 'succeeded',
    done: 10,
    failed: 0,
    total: 10,
    created_at: '2026-11-27T10:00:00.000Z',
    finished_at: '2026-11-27T10:01:00.000Z',
    error: null,
    zip_download_url: null,
    label: `Job ${index}`,
    ...overrides,
  };
}

// A fake GET /api/v1/jobs: pages by cursor, each request recorded.
function serveJobs(pages: Record<string, JobsListResponse>) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const cursor = new URL(url, 'http://localhost').searchParams.get('cursor') ?? '';
      return new Response(JSON.stringify(pages[cursor]), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <JobsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return urls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('JobsPage', () => {
  it('lists jobs with status, counts, errors and the zip, and pages to older ones', async () => {
    const first = [
      makeJob(1, {
        status: 'succeeded',
        done: 50,
        failed: 2,
        total: 50,
        label: 'W-9 · Vendors',
        zip_download_url: '/api/v1/jobs/j1/zip?expires=1&signature=s',
      }),
      makeJob(2, {
        status: 'failed',
        done: 3,
        total: 60,
        finished_at: '2026-11-27T10:02:00.000Z',
        error: 'Interrupted by a server restart',
        label: null,
      }),
      makeJob(3, { status: 'running', done: 4, total: 9, finished_at: null, label: null }),
    ];
    const urls = serveJobs({
      '': { jobs: first, next_cursor: 'page-2' },
      'page-2': { jobs: [makeJob(4, { label: 'Old job' })], next_cursor: null },
    });

    const list = await screen.findByRole('list', { name: 'Jobs' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [done, failed, running] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(done).getByText('Finished')).toBeTruthy();
    expect(within(done).getByText('48 of 50 forms generated, 2 failed')).toBeTruthy();
    expect(within(done).getByText(/W-9 · Vendors/)).toBeTruthy();
    expect(
      within(done).getByRole('link', { name: 'Download all as zip' }).getAttribute('href'),
    ).toBe('/api/v1/jobs/j1/zip?expires=1&signature=s');
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('Interrupted by a server restart')).toBeTruthy();
    expect(within(failed).queryByRole('link')).toBeNull();
    expect(within(running).getByText('Running')).toBeTruthy();
    expect(within(running).getByText('4 of 9 forms generated')).toBeTruthy();
    expect(urls[0]).toBe('/api/v1/jobs?limit=20');

    await userEvent.click(screen.getByRole('button', { name: 'Show older jobs' }));
    expect(await screen.findByText(/Old job/)).toBeTruthy();
    expect(urls).toContain('/api/v1/jobs?limit=20&cursor=page-2');
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Show older jobs' })).toBeNull();
  });

  it('says when there are no jobs yet', async () => {
    serveJobs({ '': { jobs: [], next_cursor: null } });
    expect(await screen.findByText('No jobs yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Dynamic Tables' })).toBeTruthy();
  });
});
