import type { FieldDataDto } from '@formbridge/contract/templates';
import { describe, expect, it } from 'vitest';
import { joinContinuedCaptions } from './caption-continuation.ts';
import { suggestFieldMappings } from './suggest-field-mappings.ts';
import { pdfField, suggestInput, table } from './suggest-test-helpers.ts';

// Form 5000's beneficiary block: the caption runs over two lines beside two stacked boxes.
const captionLeft = (label: string, rect: [number, number, number, number]) =>
  pdfField({ label, rect, label_candidates: [{ text: label, position: 'left' }] });
const beneficiary: FieldDataDto = {
  a3: captionLeft('Surname and first name, or company', [190, 350, 570, 365]),
  a4: captionLeft('name', [190, 367, 570, 382]),
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

  it('leaves a lower-case caption alone under a closed caption or a box of other edges', () => {
    const fields: FieldDataDto = {
      top: captionLeft('Address:', [190, 350, 570, 365]),
      below: captionLeft('city', [190, 367, 570, 382]),
      beside: captionLeft('zip', [600, 367, 700, 382]),
      wide: captionLeft('Surname and first name', [190, 400, 570, 415]),
      narrow: captionLeft('surname at birth', [190, 417, 400, 432]),
    };
    expect(joinContinuedCaptions(fields)).toEqual(fields);
  });
});
