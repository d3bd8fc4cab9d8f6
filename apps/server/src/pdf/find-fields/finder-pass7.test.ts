// The seventh pass's rules (decisions.md, issue 29), each kept because its cause recurs across
// development repositories: a line to write on is not undone by the unit printed after its room
// ("GdB: ____ %"), nor taken for a section separator when a colon caption starts it
// ("Signature: ____ Date: ____" across the page); and a dotted blank cut into short pieces
// ("…/…/…", or dots split into words by the producer) is one leader as long as it looks.
import { describe, expect, it } from 'vitest';
import { findRuleFields } from './find-lines.ts';
import type { DisplayedRect, HorizontalRule, TextRun } from './find-types.ts';
import { splitPageText } from './page-text.ts';

const word = (text: string, rect: DisplayedRect): TextRun => ({ text, rect, size: 9, font: '' });
const page = { page: 0, pageWidth: 612, pageHeight: 792 };
const rects = (found: { rect: DisplayedRect }[]) => found.map((c) => c.rect.map(Math.round));
const ctx = (rule: HorizontalRule, words: TextRun[]) => ({
  ...page,
  words,
  vertical: [],
  horizontal: [rule],
});

describe('a unit after the room on a rule', () => {
  const rule = { x0: 300, x1: 460, y: 233, weight: 0.5 };

  it('finds the room between a colon caption and its unit sign', () => {
    const words = [word('Disability:', [300, 223, 342, 232]), word('%', [450, 223, 458, 232])];
    expect(rects(findRuleFields(ctx(rule, words), [rule]))).toEqual([[344, 219, 448, 233]]);
  });

  it('still takes a word after the room for text underlined, not a line to write on', () => {
    const words = [word('Disability:', [300, 223, 342, 232]), word('yes', [440, 223, 458, 232])];
    expect(findRuleFields(ctx(rule, words), [rule])).toEqual([]);
  });
});

describe('a page-wide rule that a colon caption starts', () => {
  const rule = { x0: 36, x1: 576, y: 583, weight: 0.25 };

  it('finds the room after "Signature:" and "Date:" sharing the rule', () => {
    const words = [
      word('Signature of Pet Owner:', [36, 573, 130, 582]),
      word('Date:', [420, 573, 441, 582]),
    ];
    expect(rects(findRuleFields(ctx(rule, words), [rule]))).toEqual([
      [132, 569, 418, 583],
      [443, 569, 576, 583],
    ]);
  });

  it('still takes a page-wide rule without a caption for a section separator', () => {
    const words = [word('Section 2', [36, 560, 80, 569])];
    expect(findRuleFields(ctx(rule, words), [rule])).toEqual([]);
  });
});

describe('a dotted blank cut into pieces', () => {
  const frame = { view: [0, 0, 595, 842] as [number, number, number, number], rotate: 0 };
  const at = (str: string, x: number, width: number) => ({
    str,
    transform: [10, 0, 0, 10, x, 700],
    width,
    height: 10,
    fontName: 'g_d0_f2',
  });
  const leaders = (items: unknown[]) =>
    splitPageText(items, frame, () => 'Helvetica').leaders.map((l) => [
      Math.round(l.rect[0]),
      Math.round(l.rect[2]),
    ]);

  it('reads a date blank "…/…/…" drawn as three short dot runs as one leader', () => {
    const items = [
      at('en date du ', 100, 105),
      at('.....', 210, 12),
      at('.....', 227, 12),
      at('.....', 244, 12),
    ];
    expect(leaders(items)).toEqual([[210, 256]]);
  });

  it('joins dots printed as short words ("...", "..") to the run they continue', () => {
    const items = [
      at('laws of ', 100, 40),
      at('.......', 145, 20),
      at('...', 167, 9),
      at('..', 178, 6),
    ];
    expect(leaders(items)).toEqual([[145, 184]]);
  });

  it('keeps an ellipsis in a sentence a word, and apart from a run across a word', () => {
    const items = [
      at('and so on...', 100, 60),
      at('.....', 170, 12),
      at('x', 184, 5),
      at('.....', 191, 12),
    ];
    expect(leaders(items)).toEqual([
      [170, 182],
      [191, 203],
    ]);
  });
});
