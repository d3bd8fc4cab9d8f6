import type { FieldDataDto } from '@formbridge/contract/templates';
import { describe, expect, it } from 'vitest';
import { moveCaptionsBelowLines } from './caption-stacks.ts';
import { suggestFieldMappings } from './suggest-field-mappings.ts';
import { pdfField, suggestInput, table } from './suggest-test-helpers.ts';

/** A box of a stack at `top`, with the caption the layout finder found above it. */
function box(top: number, above?: string) {
  return pdfField({
    rect: [270, top, 490, top + 17],
    ...(above === undefined
      ? {}
      : { label: above, label_candidates: [{ text: above, position: 'above' as const }] }),
  });
}

// A parental consent form: each caption printed under its line, a legal reference over the block.
const consent: FieldDataDto = {
  Formfieldnr6: box(101, '(Gemäß § 27 WaffG, Absatz 3)'),
  Formfieldnr2: box(131, 'Vorname'),
  Formfieldnr3: box(158, 'Name'),
  Formfieldnr4: box(186, 'Geb. Datum'),
  Formfieldnr5: box(213, 'Adresse'),
};
const members = table('Mitglieder', ['Vorname', 'Nachname', 'Geburtsdatum:date', 'Anschrift']);

function suggest(fields: FieldDataDto): Record<string, string> {
  return Object.fromEntries(
    suggestFieldMappings(suggestInput(fields, members)).map((s) => [
      s.field_name,
      s.suggested_field_key,
    ]),
  );
}

describe('captions printed under the line', () => {
  it('gives each box of such a stack the caption under it', () => {
    const moved = moveCaptionsBelowLines(consent);
    expect(Object.values(moved).map((info) => info.label)).toEqual([
      'Vorname',
      'Name',
      'Geb. Datum',
      'Adresse',
      undefined,
    ]);
    // The first name goes to the top line, the address to its own, the line under it stays empty.
    expect(suggest(consent)).toEqual({ Formfieldnr6: 'Vorname', Formfieldnr4: 'Anschrift' });
  });

  it('leaves a stack captioned above its boxes alone', () => {
    const above: FieldDataDto = {
      Formfieldnr6: box(101, 'Vorname'),
      Formfieldnr2: box(131, 'Name'),
      Formfieldnr3: box(158, 'Geb. Datum'),
    };
    expect(moveCaptionsBelowLines(above)).toEqual(above);
    // Two boxes are not enough to tell: the top one may have an instruction for its caption.
    const pair = { Formfieldnr6: consent.Formfieldnr6!, Formfieldnr2: consent.Formfieldnr2! };
    expect(moveCaptionsBelowLines(pair)).toEqual(pair);
  });
});
