import type { TemplateRevisionList } from '@formbridge/contract/template-revisions';
import type { TemplateSummary } from '@formbridge/contract/templates';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../../lib/query-keys';
import { mockFetch, renderWithCache } from '../../test/render';
import { GenerateFormsDialog } from './generate-forms-dialog';

// Bulk and multi-template generation fill the revision the user picks (issue 32).

const template = (id: string, name: string) => ({ id, name }) as TemplateSummary;
const TEMPLATES = [template('t-w9', 'W-9'), template('t-i9', 'I-9')];

function revisions(current: number): TemplateRevisionList {
  return {
    current_revision: current,
    revisions: Array.from({ length: current }, (_, index) => ({
      revision: current - index,
      created_by: null,
      created_at: '2026-11-28T01:00:00Z',
      field_count: 3,
      page_count: 1,
      file_size: 100,
      is_current: index === 0,
    })),
  };
}

function renderDialog(target: Parameters<typeof GenerateFormsDialog>[0]['target']) {
  // The start answers 422 so the dialog stays on its form; the request is what counts.
  const fetched = mockFetch({ status: 422, body: { detail: 'Not now' } });
  renderWithCache(
    <GenerateFormsDialog
      tableId="t-people"
      templates={TEMPLATES}
      target={target}
      onClose={() => undefined}
    />,
    (client) => {
      client.setQueryData(queryKeys.templates.revisions('t-w9'), revisions(3));
      client.setQueryData(queryKeys.templates.revisions('t-i9'), revisions(1));
    },
  );
  return fetched;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('generate forms dialog revision pickers', () => {
  it('sends the revision picked for a bulk job', async () => {
    const fetched = renderDialog({ kind: 'bulk', recordIds: ['r1', 'r2'] });
    expect(screen.queryByLabelText('Revision to fill')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'W-9' }));
    await userEvent.selectOptions(screen.getByLabelText('Revision to fill'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByText('Not now');
    expect(fetched.request(0)).toMatchObject({
      method: 'POST',
      path: '/api/v1/completed-forms/bulk/t-w9/t-people',
      body: { record_ids: ['r1', 'r2'], template_revision: 2 },
    });
  });

  it('sends one revision per template of a multi-template job, none for the current', async () => {
    const fetched = renderDialog({ kind: 'record', recordId: 'r1', recordName: 'Jane' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'W-9' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'I-9' }));
    // I-9 has a single revision: no picker for it.
    expect(screen.queryByLabelText('Revision of I-9')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Revision of W-9'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByText('Not now');
    const sent = fetched.request(0);
    expect(sent.path).toBe('/api/v1/completed-forms/multi-template/t-people/r1');
    expect(sent.body).toMatchObject({
      template_ids: ['t-w9', 't-i9'],
      template_revisions: { 't-w9': 1 },
    });
  });
});
