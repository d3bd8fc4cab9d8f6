import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompletedFormWithEmail } from '@formbridge/contract/completed-forms';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { FormGenerateResult, needsReview } from './form-generate-result';

// A single generation shows its fill report before the download when there is something in it.

const FORM = {
  id: 'f1',
  file_name: 'Ada_Lovelace_Policy_form_2026-11-25.pdf',
  download_url: '/api/v1/completed-forms/f1/download?signature=x',
  fill_summary: { requested: 2, written: 2, with_problems: 1 },
  fill_report: {
    fields: [
      { field: 'name', value_written: 'Ada', font: null, font_size: null, problems: [] },
      {
        field: 'country',
        value_written: 'USA',
        font: null,
        font_size: null,
        problems: [
          'the record\'s value is empty, so the template\'s prefilled value "USA" was kept',
        ],
        skipped: true,
      },
    ],
    problems: [],
    notes: [],
  },
} as unknown as CompletedFormWithEmail;

describe('single generation result', () => {
  it('shows the badge, the fields to check and the download before closing', async () => {
    const onClose = vi.fn();
    const router = createMemoryRouter(
      [{ path: '/', element: <FormGenerateResult form={FORM} onClose={onClose} /> }],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const dialog = screen.getByRole('dialog', { name: 'Generate Completed Form' });
    expect(dialog.textContent).toContain('1 problem');
    expect(screen.getByText(/prefilled value "USA" was kept/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      FORM.download_url,
    );
    expect(screen.getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe(
      '/forms/f1',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('is skipped for a clean report', () => {
    expect(needsReview(FORM)).toBe(true);
    const clean = {
      ...FORM,
      fill_report: { ...FORM.fill_report, fields: [FORM.fill_report.fields[0]] },
    } as CompletedFormWithEmail;
    expect(needsReview(clean)).toBe(false);
  });
});
