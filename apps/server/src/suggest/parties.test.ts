import { describe, expect, it } from 'vitest';
import { partiesIn } from './parties.ts';

describe('parties a block speaks of', () => {
  it('recognises other parties in several languages', () => {
    expect([...partiesIn('Paid Preparer Use Only')]).toEqual(['preparer']);
    expect([...partiesIn("Nom de l'employeur")]).toEqual(['employer']);
    expect([...partiesIn('Datos del cónyuge')]).toEqual(['spouse']);
    expect([...partiesIn('CPF da testemunha 1')]).toEqual(['witness']);
    expect([...partiesIn('For office use only')]).toEqual(['office']);
    expect([...partiesIn('Dependents[0].Table_Dependents[0].Row1[0].f1_14[0]')]).toEqual([
      'dependent',
    ]);
    expect([...partiesIn('Nom de la personne à charge')]).toEqual(['dependent']);
  });

  it('recognises the other side of a case, not the filer', () => {
    expect([...partiesIn('other_party_address_city')]).toEqual(['opposing']);
    expect([...partiesIn('Name of opposing party or attorney')]).toEqual(['opposing']);
    expect([...partiesIn('Anschrift der Gegenpartei')]).toEqual(['opposing']);
    expect(partiesIn('Party name', 'Other information').size).toBe(0);
  });

  it('recognises an emergency contact and a notary, whose name is never the record’s', () => {
    expect([...partiesIn('Emergency contact')]).toEqual(['contact']);
    expect([...partiesIn('Personne à prévenir en cas d’urgence')]).toEqual(['contact']);
    expect([...partiesIn('Notfallkontakt')]).toEqual(['contact']);
    expect([...partiesIn('Signature of notary public')]).toEqual(['official']);
  });

  it('finds none in the record’s own captions', () => {
    expect(partiesIn('First name', 'Date of birth', 'Nome do requerente').size).toBe(0);
  });
});
