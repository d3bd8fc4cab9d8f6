import { describe, expect, it } from 'vitest';
import { cleanCaption, hasQualifier } from './caption-clean.ts';

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
});
