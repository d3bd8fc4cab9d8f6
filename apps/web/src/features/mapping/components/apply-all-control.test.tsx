import type { Suggestion } from '@formbridge/contract/mappings';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApplyAllControl } from './apply-all-control';
import { SuggestionHint } from './suggestion-hint';

const suggestion = (
  field_name: string,
  confidence_score: number,
  apply_all = true,
): Suggestion => ({
  field_name,
  suggested_field_key: field_name.toLowerCase(),
  confidence_score,
  reason: `printed label "${field_name}" ~ "${field_name.toLowerCase()}"`,
  apply_all,
});
const SUGGESTIONS = new Map(
  [suggestion('Email', 0.97), suggestion('City', 0.91), suggestion('Phone', 0.62)].map((s) => [
    s.field_name,
    s,
  ]),
);

function Harness({ mapped, onApply }: { mapped: Set<string>; onApply: () => void }) {
  const [percent, setPercent] = useState(90);
  return (
    <ApplyAllControl
      suggestions={SUGGESTIONS}
      mappedFieldNames={mapped}
      minPercent={percent}
      onMinPercentChange={setPercent}
      onApply={onApply}
      isApplying={false}
    />
  );
}

describe('Apply All Suggestions', () => {
  it('says how many suggestions the visible threshold lets through, and follows it', async () => {
    const onApply = vi.fn();
    render(<Harness mapped={new Set()} onApply={onApply} />);
    expect(screen.getByLabelText('Apply from confidence (%)')).toHaveProperty('value', '90');
    expect(screen.getByText(/2 of 3 suggestions at or above 90%/)).toBeTruthy();
    const input = screen.getByLabelText('Apply from confidence (%)');
    await userEvent.clear(input);
    await userEvent.type(input, '60');
    expect(screen.getByText(/3 of 3 suggestions at or above 60%/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Apply All Suggestions' }));
    expect(onApply).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Write 3 mappings' }));
    expect(onApply).toHaveBeenCalledOnce();
  });

  it("lists what it will write by region, and leaves another party's block alone", async () => {
    const preparer = { owner: 'preparer', label: 'Paid Preparer Use Only' };
    const withRegions = new Map(
      [
        suggestion('Email', 0.97),
        { ...suggestion('Firm', 0.95), region: { ...preparer, foreign: false } },
        { ...suggestion('Name', 0.99), region: { ...preparer, foreign: true } },
      ].map((s) => [s.field_name, s]),
    );
    const onApply = vi.fn();
    render(
      <ApplyAllControl
        suggestions={withRegions}
        mappedFieldNames={new Set()}
        minPercent={90}
        onMinPercentChange={vi.fn()}
        onApply={onApply}
        isApplying={false}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Apply All Suggestions' }));
    const preparerBlock = screen.getByRole('region', { name: 'Paid Preparer Use Only' });
    expect(preparerBlock.textContent).toContain('Firm → firm (95%)');
    expect(preparerBlock.textContent).not.toContain('Name');
    expect(screen.getByRole('region', { name: "The record's own fields" }).textContent).toContain(
      'Email → email (97%)',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onApply).not.toHaveBeenCalled();
  });

  it('writes only what the server marks safe to apply unattended, even from 0 %', async () => {
    const marked = new Map(
      [suggestion('Email', 0.97), suggestion('Zip', 0.96, false)].map((s) => [s.field_name, s]),
    );
    const onApply = vi.fn();
    render(
      <ApplyAllControl
        suggestions={marked}
        mappedFieldNames={new Set()}
        minPercent={0}
        onMinPercentChange={vi.fn()}
        onApply={onApply}
        isApplying={false}
      />,
    );
    expect(screen.getByText(/1 of 2 suggestions at or above 0% and safe/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Apply All Suggestions' }));
    const own = screen.getByRole('region', { name: "The record's own fields" });
    expect(own.textContent).toContain('Email → email (97%)');
    expect(own.textContent).not.toContain('Zip');
    expect(screen.getByRole('button', { name: 'Write 1 mappings' })).toBeTruthy();
  });

  it('does not count fields that are already mapped', () => {
    render(<Harness mapped={new Set(['Email'])} onApply={vi.fn()} />);
    expect(screen.getByText(/1 of 3 suggestions at or above 90%/)).toBeTruthy();
  });

  it('shows a suggestion’s confidence with the words that matched', () => {
    render(<SuggestionHint suggestion={suggestion('City', 0.914)} />);
    expect(screen.getByText('91%')).toBeTruthy();
    expect(screen.getByText('printed label "City" ~ "city"')).toBeTruthy();
  });
});
