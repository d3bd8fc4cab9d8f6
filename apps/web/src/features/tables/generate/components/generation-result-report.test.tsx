import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FillReportDto } from '@formbridge/contract/completed-forms';
import type { GenerationResultItem } from '@formbridge/contract/jobs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GenerationResultReport } from './generation-result-report';
import {
  FillProblemList,
  FillProblemsBadge,
} from '../../../../components/fill-report/fill-report-summary';

// The fill report before the download: a badge per form and the fields to check, in the
// single-generation result and in bulk and multi-template job results.

const REPORT: FillReportDto = {
  fields: [
    { field: 'name', value_written: 'Ada', font: 'DejaVu Sans', font_size: 10, problems: [] },
    {
      field: 'locked',
      value_written: 'W-2',
      font: 'DejaVu Sans',
      font_size: 10,
      problems: ['the field is read-only in the PDF; the value was written anyway'],
    },
    {
      field: 'signature',
      value_written: null,
      font: null,
      font_size: null,
      problems: [],
      notes: ['signature field skipped: "Ada" was not written'],
      skipped: true,
    },
    {
      field: 'address',
      value_written: 'see addendum, item 1',
      font: 'DejaVu Sans',
      font_size: 8,
      problems: [],
      notes: [
        'the box shows "see addendum, item 1" and the full value is item 1 of the addendum page',
      ],
      addendum_item: 1,
    },
  ],
  problems: [],
  notes: [],
};

afterEach(() => vi.unstubAllGlobals());

describe('fill report summary', () => {
  it('counts problems in the badge and lists only the fields to check', () => {
    render(
      <>
        <FillProblemsBadge count={1} />
        <FillProblemList report={REPORT} />
      </>,
    );
    expect(screen.getByText('1 problem')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Fields to check' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'locked: the field is read-only in the PDF; the value was written anyway',
      'signaturesignature field skipped: "Ada" was not written',
      'addressthe box shows "see addendum, item 1" and the full value is item 1 of the addendum page',
    ]);
  });

  it('says so when every field was written as it is', () => {
    render(<FillProblemList report={{ ...REPORT, fields: [REPORT.fields[0]!] }} />);
    expect(screen.getByText('Every mapped field was written as it is.')).toBeTruthy();
    render(<FillProblemsBadge count={0} />);
    expect(screen.getByText('No problems')).toBeTruthy();
  });

  it('loads a job result’s report when it is opened', async () => {
    const fetchMock = vi.fn(
      async (_url: string) =>
        new Response(JSON.stringify({ id: 'f1', fill_report: REPORT }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const item = {
      completed_form_id: 'f1',
      fill_summary: { requested: 4, written: 3, with_problems: 1 },
    } as GenerationResultItem;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <GenerationResultReport item={item} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('1 problem')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Show fill report' }));
    expect(await screen.findByText(/read-only in the PDF/)).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/v1/completed-forms/f1');
  });
});
