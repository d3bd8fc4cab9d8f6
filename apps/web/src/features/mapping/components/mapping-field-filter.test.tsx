import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { MappingState } from '../hooks/use-mapping-state';
import { fakeMappingState, mappingOf, textField } from '../test/fake-mapping-state';
import { MappingSidePanel } from './mapping-side-panel';
import { MappingTableView } from './mapping-table-view';

// The "Filter fields" box of both mapping views: it reads the PDF field's name, its printed
// label and the table field it is mapped to, ignoring case and accents.

const FIELDS = {
  applicant_email: textField(1, 'Zoë’s e-mail'),
  dob: textField(2, 'Birth'),
  line_12: textField(3),
  line_13: textField(4),
  signature: textField(5, 'Signature'),
};
const STATE = fakeMappingState(FIELDS, [mappingOf('dob', 'birth_date', 'Date of birth')]);

function TableView({ state = STATE }: { state?: MappingState }) {
  const [filter, setFilter] = useState('');
  return <MappingTableView state={state} filter={filter} onFilterChange={setFilter} />;
}

function SidePanel() {
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <MappingSidePanel
      state={STATE}
      fields={Object.entries(FIELDS)}
      selected={selected}
      highlighted={null}
      onSelect={setSelected}
      onCloseEditor={() => setSelected(null)}
      filter={filter}
      onFilterChange={setFilter}
      reveal={null}
    />
  );
}

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .filter((row) => !row.hidden)
    .map((row) => row.dataset.field);

describe('table view filter', () => {
  it('finds a field by its label, ignoring case and accents, and counts what it shows', async () => {
    render(<TableView />);
    expect(screen.getByText('5 fields')).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter fields' }), 'ZOE');
    expect(rowNames()).toEqual(['applicant_email']);
    expect(screen.getByText('1 of 5 fields')).toBeTruthy();
  });

  it('finds a field by the table field it is mapped to, and by its own name', async () => {
    render(<TableView />);
    const filter = screen.getByRole('searchbox', { name: 'Filter fields' });
    await userEvent.type(filter, 'date of birth');
    expect(rowNames()).toEqual(['dob']);
    await userEvent.clear(filter);
    await userEvent.type(filter, 'line_1');
    expect(rowNames()).toEqual(['line_12', 'line_13']);
    expect(screen.getByText('2 of 5 fields')).toBeTruthy();
  });

  it('says when nothing matches, and Clear filter brings every field back', async () => {
    render(<TableView />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter fields' }), 'passport');
    expect(screen.getByText('No fields match “passport”')).toBeTruthy();
    expect(screen.getByText('0 of 5 fields')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    expect(rowNames()).toHaveLength(5);
    expect(screen.queryByText(/No fields match/)).toBeNull();
  });

  it('Escape in the box empties it, and "/" elsewhere focuses it', async () => {
    render(<TableView />);
    const filter = screen.getByRole('searchbox', { name: 'Filter fields' });
    await userEvent.type(filter, 'sig{Escape}');
    expect(filter).toHaveProperty('value', '');
    await userEvent.click(document.body);
    await userEvent.keyboard('/');
    expect(document.activeElement).toBe(filter);
    expect(filter).toHaveProperty('value', '');
  });
});

describe('side panel filter', () => {
  it('filters the list and keeps the selected field open while it is filtered out', async () => {
    render(<SidePanel />);
    const list = screen.getByRole('list', { name: 'PDF fields' });
    await userEvent.click(within(list).getByRole('button', { name: /Signature/ }));
    const editor = screen.getByRole('region', { name: 'Selected field' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter fields' }), 'birth');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('People → Date of birth')).toBeTruthy();
    expect(screen.getByText('1 of 5 fields')).toBeTruthy();
    expect(within(editor).getByText('signature')).toBeTruthy();
    // Progress still counts the whole form.
    expect(screen.getByText('1 of 5 fields · 20%')).toBeTruthy();
  });

  it('shows the empty state in place of the list', async () => {
    render(<SidePanel />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter fields' }), 'zzz');
    expect(screen.queryByRole('list', { name: 'PDF fields' })).toBeNull();
    expect(screen.getByText('No fields match “zzz”')).toBeTruthy();
  });
});
