import { describe, expect, it } from 'vitest';
import { cleanCaption, hasQualifier, splitBracketed } from './caption-clean.ts';

describe('captions as real forms print them', () => {
  it('drops the line letter or number in front of the caption', () => {
    expect(cleanCaption('D Enter number of dependents')).toBe('Enter number of dependents');
    expect(cleanCaption('1a Full Name')).toBe('Full Name');
    expect(cleanCaption('I Certify that')).toBe('I Certify that');
  });

  it('reads fake-bold text whose every letter is printed twice', () => {
    expect(cleanCaption('NNaammee aanndd AAddddrreessss')).toBe('Name and Address');
    expect(cleanCaption('Apple Street')).toBe('Apple Street');
  });

  it('strips a bracketed condition but keeps it as evidence', () => {
    expect(cleanCaption('Address (if different from above)')).toBe('Address');
    expect(cleanCaption('Téléphone (facultatif)')).toBe('Téléphone');
    expect(hasQualifier('Anschrift (falls abweichend)')).toBe(true);
    expect(hasQualifier('Date of birth (MM/DD/YYYY)')).toBe(false);
  });

  it('sets bracketed asides apart, not inflections glued to a word', () => {
    expect(splitBracketed('Phone (+country code and local dialling code)')).toEqual({
      main: 'Phone',
      aside: ' +country code and local dialling code ',
    });
    expect(splitBracketed('Account holder (if not iden').main).toBe('Account holder');
    expect(splitBracketed('Date(s) of Birth').main).toBe('Date(s) of Birth');
  });
});
