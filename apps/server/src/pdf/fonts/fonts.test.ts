import { describe, expect, it } from 'vitest';
import { chooseFont, loadFontFace, uncoveredCharacters } from './fonts.ts';

describe('chooseFont', () => {
  it('picks DejaVu Sans for Latin, Greek, Cyrillic and Arabic', () => {
    for (const text of ['Zoë Ñandú', 'Γιώργος', 'Иван Петров', 'مرحبا']) {
      expect(chooseFont(text)).toMatchObject({ face: { family: 'DejaVu Sans' }, uncovered: [] });
    }
  });

  it('picks Noto Sans SC for Chinese and Japanese kana, Noto Sans KR for Hangul', () => {
    expect(chooseFont('张伟').face.family).toBe('Noto Sans SC');
    expect(chooseFont('はい').face.family).toBe('Noto Sans SC');
    expect(chooseFont('김민준').face.family).toBe('Noto Sans KR');
  });

  it('picks one font covering a mixed value when there is one', () => {
    expect(chooseFont('Zoë Ñandú 张伟')).toMatchObject({
      face: { family: 'Noto Sans SC' },
      uncovered: [],
    });
  });

  it('otherwise picks the font covering most and lists what it lacks', () => {
    const choice = chooseFont('Γιώργος 张伟');
    expect(choice.uncovered.length).toBeGreaterThan(0);
    expect(choice.uncovered.length).toBeLessThan(7);
    expect(chooseFont('ok 🦄').uncovered).toEqual(['🦄']);
  });

  it('ignores whitespace and invisible characters when checking coverage', () => {
    const dejavu = loadFontFace('dejavu-sans');
    expect(uncoveredCharacters(dejavu, 'a\u3000b\u200d\ufe0f\n')).toEqual([]);
  });

  it('parses each font once per process', () => {
    expect(loadFontFace('noto-sans-sc')).toBe(loadFontFace('noto-sans-sc'));
  });
});
