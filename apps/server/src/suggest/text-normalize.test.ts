import { describe, expect, it } from 'vitest';
import { countFieldsPerParent, nameSegments } from './field-name.ts';
import { meaningfulTerms } from './field-words.ts';
import { foldText, stemWord, tokenize } from './text-normalize.ts';

const EMPTY = { words: new Set<string>(), prefixes: new Set<string>() };

function vocabularyOf(words: string[]) {
  const prefixes = new Set<string>();
  for (const word of words) {
    for (let end = 3; end < word.length; end++) {
      prefixes.add(word.slice(0, end));
    }
  }
  return { words: new Set(words), prefixes };
}
const concepts = (text: string) => meaningfulTerms(text, EMPTY, true).map((t) => t.concept);

describe('tokenize', () => {
  it.each([
    ['First Name', ['first', 'name']],
    ['firstName1', ['first', 'name', '1']],
    ['Name_Last', ['name', 'last']],
    ['ZIP-code', ['zip', 'code']],
    ['NHSNFacility', ['nhsn', 'facility']],
    ['Applicant Address CIty', ['applicant', 'address', 'city']],
    ['Prénom(s)', ['prenom', 's']],
    ["Date de réalisation de l'audit", ['date', 'realisation', 'audit']],
    ['N° SIRET', ['no', 'siret']],
    ["Preparer's name", ['preparer', 'name']],
    ['Dependents', ['dependent']],
    ['Cities', ['city']],
    ['PO Boxes', ['po', 'box']],
    ["Ім'я", ['імя']],
  ])('reads %j as %j', (text, words) => {
    expect(tokenize(text)).toEqual(words);
  });

  it('leaves stray letters to the noise filter', () => {
    expect(concepts('Prénom(s)')).toEqual(['given_name']);
    expect(concepts('12a) Last name')).toEqual(['family_name']);
  });

  it('folds accents and case the same way on both sides', () => {
    expect(foldText('Téléphone')).toBe(foldText('TELEPHONE'));
    expect(tokenize('Código Postal')).toEqual(tokenize('codigo postal'));
  });

  it('keeps words that only look plural', () => {
    expect(['address', 'status', 'census', 'yes'].map(stemWord)).toEqual([
      'address',
      'status',
      'census',
      'yes',
    ]);
  });
});

describe('field names', () => {
  it('drops array indices and splits hierarchy', () => {
    expect(nameSegments('topmostSubform[0].Page1[0].Dependents[0].Row1[0].f1_14[0]')).toEqual([
      'topmostSubform',
      'Page1',
      'Dependents',
      'Row1',
      'f1_14',
    ]);
    expect(nameSegments('form1[0].#subform[0].S1_GivenName[0]')).toEqual([
      'form1',
      'subform',
      'S1_GivenName',
    ]);
  });

  it('counts the fields each parent holds', () => {
    const counts = countFieldsPerParent(['a.b.x', 'a.b.y', 'a.c.z', 'solo']);
    expect(counts.get('a.b')).toBe(2);
    expect(counts.get('a.c')).toBe(1);
    expect(counts.has('solo')).toBe(false);
  });

  it.each(['f1_07', 'Text1', 'Check Box12', 'S1 GF 5', 'RadioGroup1', 'undefined', 'p1-t4'])(
    'treats %j as a name that says nothing',
    (name) => {
      expect(concepts(name)).toEqual([]);
    },
  );

  it('turns printed formats into what they describe', () => {
    expect(concepts('MONTH/DAY/YEAR')).toEqual(['date']);
    expect(concepts('dd.mm.yyyy')).toEqual(['date']);
    expect(concepts('Time employee began work (HH:MM)')).toContain('time');
    expect(concepts('Time employee began work (HH:MM)')).not.toContain('month');
    expect(concepts('Enter the 2 digit month, 2 digit day and 4 digit year')).toEqual(['date']);
  });

  it('splits run-together abbreviations on the words the table uses', () => {
    const vocabulary = vocabularyOf(['employeur', 'adresse', 'date', 'organisme']);
    const raws = (text: string) => meaningfulTerms(text, vocabulary, true).map((t) => t.raw);
    expect(raws('ADREMP1')).toEqual(['adr', 'emp']);
    expect(raws('DATSIG')).toEqual(['dat', 'sig']);
    expect(raws('DateofSignature')).toEqual(['date', 'signature']);
    // A glued French article: NOM ET ADRESSE DE L'ORGANISME written without the apostrophe.
    expect(raws('LORGANISM')).toEqual(['organism']);
    // Unknown pieces do not split: TELFID stays one word rather than tel + a guess.
    expect(raws('TELFID')).toEqual(['telfid']);
  });
});
