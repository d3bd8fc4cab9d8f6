import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompletedForm } from '@formbridge/contract/completed-forms';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormsPage } from './forms-page';

const TOTAL = 30;

function makeForm(index: number): CompletedForm {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    template_id: 't1',
    template_name: 'W-9',
    table_id: 'c1',
    table_name: 'Vendors',
    record_id: `r${index}`,
    record_display_name: `Vendor ${index}`,
    job_id: null,
    template_revision: 1,
    created_at: '2026-11-27T10:00:00.000Z',
    email_sent_to: [],
    email_error: null,
    flattened: false,
    file_name: `Vendor_${index}.pdf`,
    file_size: 1000,
    file_path: '/f',
    pdf_file_path: '/v',
    view_url: '/v',
    download_url: '/f',
    fill_summary: { requested: 1, written: 1, with_problems: 0 },
  };
}

// A fake GET /api/v1/completed-forms/ that pages 30 forms by limit and offset.
function serveForms() {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const query = new URL(url, 'http://localhost').searchParams;
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? TOTAL);
      const forms = Array.from({ length: TOTAL }, (_, index) => makeForm(index + 1)).slice(
        offset,
        offset + limit,
      );
      return new Response(JSON.stringify(forms), {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-total-count': String(TOTAL) },
      });
    }),
  );
  return urls;
}

function renderPage(path = '/forms') {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[path]}>
        <FormsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FormsPage', () => {
  it('reads one page of forms at a time and pages with the total', async () => {
    const urls = serveForms();
    renderPage();
    expect(await screen.findByText('Showing 1–24 of 30 forms')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(24);
    expect(urls[0]).toBe('/api/v1/completed-forms/?limit=24&offset=0');
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 25–30 of 30 forms')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(urls).toContain('/api/v1/completed-forms/?limit=24&offset=24');
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });

  it('opens the page an address names, and the last page for one past the end', async () => {
    const urls = serveForms();
    renderPage('/forms?page=9');
    expect(await screen.findByText('Showing 25–30 of 30 forms')).toBeTruthy();
    expect(urls).toContain('/api/v1/completed-forms/?limit=24&offset=192');
  });
});
