import type { FieldDataDto } from '@formbridge/contract/templates';
import { describe, expect, it } from 'vitest';
import { nameSiblings, nameWords } from './name-siblings.ts';
import { suggestFieldMappings } from './suggest-field-mappings.ts';
import { pdfField, suggestInput, table } from './suggest-test-helpers.ts';
import type { Suggestion } from './suggest-types.ts';

function byField(suggestions: Suggestion[]): Record<string, Suggestion> {
  return Object.fromEntries(suggestions.map((s) => [s.field_name, s]));
}

describe('boxes named like another box plus a word', () => {
  it('reads the words of the name itself, without index or numbers', () => {
    expect(nameWords('topmostSubform[0].Page1[0].num_VoieAdresseAcheteur[0]')).toEqual([
      'num',
      'voie',
      'adresse',
      'acheteur',
    ]);
    expect(nameWords('Télépilote 1Prénom')).toEqual(['telepilote', 'prenom']);
  });

  it('finds the sibling whose name adds one or two words, and on which page', () => {
    const siblings = nameSiblings([
      { name: 'num_VoieAdresse[0]', page: 0 },
      { name: 'num_VoieAdresseAcheteur[0]', page: 0 },
      { name: 'Prénom', page: 0 },
      { name: 'Télépilote 1Prénom', page: 1 },
    ]);
    expect(siblings.get('num_VoieAdresse[0]')).toEqual([
      { extra: ['acheteur'], isSamePage: true, side: 'bare' },
    ]);
    expect(siblings.get('num_VoieAdresseAcheteur[0]')).toEqual([
      { extra: ['acheteur'], isSamePage: true, side: 'marked' },
    ]);
    expect(siblings.get('Prénom')).toEqual([
      { extra: ['telepilote'], isSamePage: false, side: 'bare' },
    ]);
  });
});

describe('boxes of two sides of a sale, told apart only by a role word in their names', () => {
  // A certificate of sale: the seller's boxes carry no role word, the buyer's end in "Acheteur";
  // nothing says whether the record is the buyer or the seller.
  const files = table('Dossiers', ['Commune', 'Code postal']);
  const suggest = (fields: FieldDataDto) =>
    byField(suggestFieldMappings(suggestInput(fields, files)));
  const below = { page: 0, rect: [0, 40, 100, 52] as [number, number, number, number] };

  it('still suggests the bare box, but never for Apply All', () => {
    const suggestions = suggest({
      Commune: pdfField(),
      CommuneAcheteur: pdfField(below),
    });
    expect(suggestions.Commune?.suggested_field_key).toBe('Commune');
    expect(suggestions.Commune?.apply_all).toBe(false);
  });

  it('leaves Apply All to a bare box whose sibling adds a word that is no side of a sale', () => {
    const suggestions = suggest({ Commune: pdfField(), CommuneTravail: pdfField(below) });
    expect(suggestions.Commune?.apply_all).toBe(true);
  });

  it('leaves a box alone when the target itself names the side', () => {
    const sellers = table('Ventes', ['Commune vendeur']);
    const fields = { CommuneVendeur: pdfField(), Commune: pdfField(below) };
    const suggestions = byField(suggestFieldMappings(suggestInput(fields, sellers)));
    expect(suggestions.CommuneVendeur?.suggested_field_key).toBe('Commune vendeur');
    expect(suggestions.CommuneVendeur?.apply_all).toBe(true);
  });
});

describe("a linked person's data go to the boxes whose names name the link", () => {
  // A drone flight declaration: the operator's own block, then one column per pilot.
  const pilotColumn = (n: number): FieldDataDto => ({
    [`Télépilote ${n}Prénom`]: pdfField({
      tooltip: `Télépilote ${n}_Prénom`,
      page: 1,
      rect: [100 * n, 100, 100 * n + 90, 112],
    }),
    [`Télépilote ${n}Adresse postale`]: pdfField({
      tooltip: `Télépilote ${n}_Adresse postale`,
      page: 1,
      rect: [100 * n, 120, 100 * n + 90, 132],
    }),
  });
  const declaration: FieldDataDto = {
    Prénom: pdfField({ tooltip: 'Prénom', page: 0 }),
    'Adresse postale': pdfField({ tooltip: 'Adresse postale', page: 0, rect: [0, 20, 100, 32] }),
    ...pilotColumn(1),
    ...pilotColumn(2),
    ...pilotColumn(3),
  };
  const missions = table('Missions', ['Référence', 'Télépilote:link']);
  const pilots = { linkField: 'Télépilote', table: table('Télépilotes', ['Prénom', 'Adresse']) };

  it("puts the pilot's first name into the pilot's box, not the operator's", () => {
    const suggestions = byField(
      suggestFieldMappings(suggestInput(declaration, missions, [pilots])),
    );
    expect(suggestions['Télépilote 1Prénom']?.suggested_field_key).toBe('Télépilote.Prénom');
    expect(suggestions.Prénom).toBeUndefined();
  });
});
