import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TemplateFillSettings } from '@formbridge/contract/templates';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TemplateFillSettingsForm } from './template-fill-settings';

// The template page's fill settings: what is shown, what is sent, what is refused.

const DEFAULTS: TemplateFillSettings = {
  legibility_floor: 6,
  read_only: 'fill',
  addendum: false,
  addendum_reference: 'see addendum, item {n}',
};

function renderForm(settings = DEFAULTS) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as TemplateFillSettings;
      sent.push(body);
      return new Response(JSON.stringify({ id: 't1', fill_settings: body }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <TemplateFillSettingsForm templateId="t1" settings={settings} />
    </QueryClientProvider>,
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('template fill settings', () => {
  it('shows the defaults and saves the chosen policy, floor and addendum reference', async () => {
    const sent = renderForm();
    const floor = screen.getByLabelText('Legibility floor (pt)');
    expect((floor as HTMLInputElement).value).toBe('6');
    expect(screen.queryByLabelText(/Reference shown in the box/)).toBeNull();
    await userEvent.clear(floor);
    await userEvent.type(floor, '5');
    await userEvent.selectOptions(screen.getByLabelText('Read-only fields'), 'skip');
    await userEvent.click(screen.getByLabelText('Continue long values on an addendum page'));
    const reference = screen.getByLabelText(/Reference shown in the box/);
    await userEvent.clear(reference);
    await userEvent.type(reference, 'voir annexe {{n}');
    expect(screen.getByText(/voir annexe 3/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save fill settings' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      legibility_floor: 5,
      read_only: 'skip',
      addendum: true,
      addendum_reference: 'voir annexe {n}',
    });
  });

  it('refuses a floor out of range without sending anything', async () => {
    const sent = renderForm();
    const floor = screen.getByLabelText('Legibility floor (pt)');
    await userEvent.clear(floor);
    await userEvent.type(floor, '40');
    await userEvent.click(screen.getByRole('button', { name: 'Save fill settings' }));
    expect(await screen.findByText('Between 2 and 24 pt')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});
