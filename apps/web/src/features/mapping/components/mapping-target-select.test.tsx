import type { TargetGroup } from '@formbridge/contract/mapping-targets';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MappingTargetSelect } from './mapping-target-select';

// A 925-field table offers 925 choices: the list renders the ones in view, and the keyboard
// still reaches, shows and picks any of them.

const GROUPS: TargetGroup[] = [
  {
    label: 'Table Fields',
    options: Array.from({ length: 925 }, (_, index) => ({
      key: `col_${index + 1}`,
      label: `Column ${index + 1}`,
      type: 'string',
    })),
  },
  { label: 'Dynamic Values', options: [{ key: '$today', label: 'Today', type: 'date' }] },
];

beforeEach(() => {
  // jsdom lays nothing out: the menu is 300 px high and each row 36 px.
  const heightOf = (element: HTMLElement) => (element.dataset.index === undefined ? 300 : 36);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return heightOf(this);
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return heightOf(this);
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(927 * 36);
  // ...nor scrolls: keep each element's scroll offset and tell its listeners.
  const offsets = new WeakMap<Element, number>();
  Object.defineProperty(HTMLElement.prototype, 'scrollTop', {
    configurable: true,
    get(this: HTMLElement) {
      return offsets.get(this) ?? 0;
    },
    set(this: HTMLElement, top: number) {
      offsets.set(this, top);
      this.dispatchEvent(new Event('scroll'));
    },
  });
  HTMLElement.prototype.scrollTo = function (
    this: HTMLElement,
    options?: ScrollToOptions | number,
  ) {
    this.scrollTop = typeof options === 'object' ? (options.top ?? 0) : 0;
  };
});

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollTop');
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollTo');
});

describe('MappingTargetSelect with a long list', () => {
  it('renders only the options in view, and End shows and picks the last one', async () => {
    const onChange = vi.fn();
    render(
      <MappingTargetSelect groups={GROUPS} value={null} onChange={onChange} ariaLabel="Target" />,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Target' }));
    const listbox = await screen.findByRole('listbox');
    expect(screen.getByRole('option', { name: /^Column 1\s*string$/ })).toBeTruthy();
    expect(screen.getAllByRole('option').length).toBeLessThan(60);
    expect(screen.queryByRole('option', { name: /^Today\s*date$/ })).toBeNull();

    await userEvent.keyboard('{End}');
    expect(await screen.findByRole('option', { name: /^Today\s*date$/ })).toBeTruthy();
    expect(listbox.textContent).toContain('Dynamic Values');
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('$today');
  });

  it('filters over every option, not only those rendered', async () => {
    const onChange = vi.fn();
    render(
      <MappingTargetSelect groups={GROUPS} value={null} onChange={onChange} ariaLabel="Target" />,
    );
    await userEvent.type(screen.getByRole('combobox', { name: 'Target' }), 'Column 925');
    await userEvent.click(await screen.findByRole('option', { name: /^Column 925\s*string$/ }));
    expect(onChange).toHaveBeenCalledWith('col_925');
  });
});
