import type { FieldDataDto } from '@formbridge/contract/templates';
import { describe, expect, it } from 'vitest';
import { joinContinuedCaptions } from './caption-continuation.ts';
import { suggestFieldMappings } from './suggest-field-mappings.ts';
import { pdfField, suggestInput, table } from './suggest-test-helpers.ts';

// Form 5000's beneficiary block: the caption runs over two lines beside two stacked boxes.
const beneficiary: FieldDataDto = {
  a3: pdfField({ label: 'Surname and first name, or company', rect: [190, 350, 570, 365] }),
  a4: pdfField({
    label: 'name',
    rect: [190, 367, 570, 382],
    label_candidates: [{ text: 'name', position: 'left' }],
  }),
};

describe('captions printed over two lines', () => {
  it('moves the second line up to the box the caption belongs to', () => {
    const joined = joinContinuedCaptions(beneficiary);
    expect(joined.a3?.label).toBe('Surname and first name, or company name');
    expect(joined.a4?.label).toBeUndefined();
    expect(joined.a4?.label_candidates).toBeUndefined();
  });

  it("suggests the name for the caption's box, not for the line under it", () => {
    const suggestions = suggestFieldMappings(
      suggestInput(beneficiary, table('Investors', ['Name'])),
    );
    expect(suggestions.map((s) => [s.field_name, s.suggested_field_key])).toEqual([['a3', 'Name']]);
  });

  it('leaves a lower-case caption alone under a closed caption or another column', () => {
    const fields: FieldDataDto = {
      top: pdfField({ label: 'Address:', rect: [190, 350, 570, 365] }),
      below: pdfField({ label: 'city', rect: [190, 367, 570, 382] }),
      beside: pdfField({ label: 'zip', rect: [600, 367, 700, 382] }),
    };
    expect(joinContinuedCaptions(fields)).toEqual(fields);
  });
});
