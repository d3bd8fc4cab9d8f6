import type { Suggestion } from '@formbridge/contract/mappings';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SuggestionHint } from './suggestion-hint';

const remembered: Suggestion = {
  field_name: 'Text7',
  suggested_field_key: 'employer',
  confidence_score: 0.95,
  reason: "you mapped 'Employer's name' → employer on W-4",
};

describe('SuggestionHint', () => {
  it("says when the reason is the account's own mapping, and turns it down", async () => {
    const onReject = vi.fn();
    render(<SuggestionHint suggestion={remembered} onReject={onReject} />);
    expect(screen.getByText("you mapped 'Employer's name' → employer on W-4")).toBeTruthy();
    expect(screen.getByText('95%')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Not employer for Text7' }));
    expect(onReject).toHaveBeenCalledWith(remembered);
  });

  it('offers no "Not this" where nothing can be turned down', () => {
    render(<SuggestionHint suggestion={remembered} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
