import type { FieldInfoDto } from '@formbridge/contract/templates';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FieldCaption } from './field-caption';

const box: FieldInfoDto = { type: 'text', page: 0, rect: [0, 0, 100, 12], widgets: [] };

describe('FieldCaption', () => {
  it("says whose block a field sits in when it is not the record's", () => {
    render(
      <FieldCaption
        name="f2_13[0]"
        info={{
          ...box,
          label: 'Name',
          region: { owner: 'preparer', label: 'Paid Preparer Use Only', evidence: 'heading' },
        }}
      />,
    );
    expect(screen.getByText('In: Paid Preparer Use Only')).toBeTruthy();
  });

  it("says nothing of a region for the record's own fields", () => {
    render(<FieldCaption name="f1_1[0]" info={{ ...box, label: 'Your name' }} />);
    expect(screen.getByText('Your name')).toBeTruthy();
    expect(screen.queryByText(/^In:/)).toBeNull();
  });
});
