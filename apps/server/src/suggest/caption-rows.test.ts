import type { FieldDataDto } from '@formbridge/contract/templates';
import { describe, expect, it } from 'vitest';
import { splitCaption, splitSharedCaptions } from './caption-rows.ts';
import { suggestFieldMappings } from './suggest-field-mappings.ts';
import { pdfField, suggestInput, table } from './suggest-test-helpers.ts';

/** A box at `left` whose caption the layout finder found above it. */
function box(left: number, caption: string, top = 196) {
  return pdfField({
    rect: [left, top, left + 120, top + 17],
    label: caption,
    label_candidates: [{ text: caption, position: 'above' }],
  });
}

describe('one caption line over several boxes', () => {
  it('splits at colons, or word by word when each box has one word', () => {
    expect(splitCaption('Telefone: E-mail', 2)).toEqual(['Telefone', 'E-mail']);
    expect(splitCaption('PLZ Ort', 2)).toEqual(['PLZ', 'Ort']);
    expect(splitCaption('Date of birth', 2)).toBeNull();
    expect(splitCaption('B.B.O. #', 2)).toBeNull();
  });

  it('gives each box of the row its own part, left to right, and suggests by it', () => {
    const fields: FieldDataDto = {
      Formfieldnr5: box(300, 'PLZ Ort'),
      Formfieldnr4: box(100, 'PLZ Ort'),
    };
    expect(splitSharedCaptions(fields)).toMatchObject({
      Formfieldnr4: { label: 'PLZ' },
      Formfieldnr5: { label: 'Ort' },
    });
    const members = table('Mitglieder', ['PLZ', 'Ort']);
    const suggestions = suggestFieldMappings(suggestInput(fields, members));
    expect(
      Object.fromEntries(suggestions.map((s) => [s.field_name, s.suggested_field_key])),
    ).toEqual({ Formfieldnr4: 'PLZ', Formfieldnr5: 'Ort' });
  });

  it('leaves boxes of different rows alone, whatever their caption', () => {
    const fields: FieldDataDto = { a: box(100, 'PLZ Ort'), b: box(300, 'PLZ Ort', 260) };
    expect(splitSharedCaptions(fields)).toEqual(fields);
  });
});
