import { describe, expect, it } from 'vitest';
import type { TextPhrase } from './detect-labels.ts';
import {
  cleanCaption,
  findLabelCandidates,
  findSectionHeadings,
  sectionOf,
} from './detect-layout.ts';
import type { DisplayedRect } from './detect-types.ts';

const phrase = (text: string, rect: DisplayedRect, size = 8): TextPhrase => ({ text, rect, size });

describe('layout-based label candidates', () => {
  it('strips line numbers and leaders from captions', () => {
    expect(cleanCaption('6a  First name ........')).toBe('First name');
    expect(cleanCaption('01- Nome do Interessado:')).toBe('Nome do Interessado');
    expect(cleanCaption('(2) Otros gastos')).toBe('Otros gastos');
    expect(cleanCaption('Postcode: City')).toBe('Postcode: City');
  });

  it('ranks the caption on the same line first, then above, then the caption below', () => {
    const box: DisplayedRect = [100, 100, 200, 112];
    const candidates = findLabelCandidates(
      box,
      [
        phrase('First name:', [40, 101, 95, 111]),
        phrase('Applicant', [100, 86, 150, 96]),
        phrase('as on your passport', [100, 116, 180, 124]),
      ],
      [box],
    );
    expect(candidates.map((c) => [c.text, c.position])).toEqual([
      ['First name', 'left'],
      ['Applicant', 'above'],
      ['as on your passport', 'below'],
    ]);
  });

  it("takes a caption the box is drawn over, from its left edge, as the box's own", () => {
    const box: DisplayedRect = [137, 426, 273, 438];
    const candidates = findLabelCandidates(
      box,
      [
        phrase('Phone no.', [102, 428, 154, 435]),
        phrase('Spouse’s signature. If a joint return, both must sign', [91, 400, 266, 412]),
      ],
      [box],
    );
    expect(candidates[0]).toMatchObject({ text: 'Phone no', position: 'left' });
  });

  it('takes the last of several captions printed left of a box', () => {
    const box: DisplayedRect = [300, 100, 380, 112];
    const [best] = findLabelCandidates(
      box,
      [phrase('Logradouro: N°: Complemento', [40, 101, 295, 111])],
      [box],
    );
    expect(best?.text).toBe('Complemento');
  });

  it('does not give a box the caption printed under the box above it', () => {
    const upper: DisplayedRect = [100, 60, 200, 72];
    const lower: DisplayedRect = [100, 100, 200, 112];
    const candidates = findLabelCandidates(
      lower,
      [phrase('Name of employer', [100, 74, 180, 82])],
      [upper, lower],
    );
    expect(candidates.map((c) => c.position)).not.toContain('above');
  });

  it('finds section headings and the section each box sits under', () => {
    const headings = findSectionHeadings([
      phrase('Name', [40, 90, 70, 98]),
      phrase('City', [40, 130, 60, 138]),
      phrase('Address', [40, 150, 80, 158]),
      phrase('Part II Paid Preparer Use Only', [40, 200, 300, 212], 12),
      phrase('Firm name', [40, 220, 90, 228]),
    ]);
    expect(headings.map((h) => h.text)).toEqual(['Part II Paid Preparer Use Only']);
    expect(sectionOf([100, 230, 200, 242], headings)).toBe('Part II Paid Preparer Use Only');
    expect(sectionOf([100, 100, 200, 112], headings)).toBeUndefined();
  });

  it('reads a block title set over several lines of a margin column as one heading', () => {
    const headings = findSectionHeadings([
      phrase('Your signature', [100, 640, 160, 647], 7),
      phrase('Daytime phone number', [460, 640, 540, 647], 7),
      phrase('Paid', [36, 700, 57, 710], 10),
      phrase('Print/Type preparer’s name', [100, 696, 190, 703], 7),
      phrase('Preparer', [36, 712, 78, 722], 10),
      phrase('Firm’s name', [100, 722, 141, 729], 7),
      phrase('Use Only', [36, 724, 79, 734], 10),
      phrase('Phone no.', [400, 732, 432, 739], 7),
      phrase('Firm’s address', [100, 733, 160, 741], 7),
    ]);
    expect(headings.map((h) => h.text)).toEqual(['Paid Preparer Use Only']);
    expect(sectionOf([445, 732, 576, 744], headings)).toBe('Paid Preparer Use Only');
  });
});
