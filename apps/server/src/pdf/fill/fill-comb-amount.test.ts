import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { qpdfComplaints } from '../../../test/fidelity-oracles.ts';
import { hasTool, ORACLE_TEST_TIMEOUT_MS, pdftkFields } from '../../../test/pdf-oracles.ts';
import { centsCellsOf, combAmountText, parseAmount } from './fill-amount.ts';
import { fillForm } from './fill-form.ts';
import { buildForm } from './fill-test-forms.ts';

// Amounts in comb boxes printed with a cents divider (issue 30): the cents go into the cells
// after the divider, the integer part right-aligned before it; read back where poppler puts
// each glyph (pdftotext -bbox), with the stored value unchanged (pdftk).

describe('amounts', () => {
  it.each([
    ['1234.56', { sign: '', integer: '1234', decimals: '56' }],
    ['1,234.56', { sign: '', integer: '1234', decimals: '56' }],
    ['1.234,5', { sign: '', integer: '1234', decimals: '5' }],
    ['-€ 12,00', { sign: '-', integer: '12', decimals: '00' }],
  ])('reads %s as an amount', (value, amount) => {
    expect(parseAmount(value)).toEqual(amount);
  });

  it.each(['1234', '2024-11-27', '1.234.567', '12.3456', 'abc 1.50', '1,234,56'])(
    'leaves %s as typed',
    (value) => {
      expect(parseAmount(value)).toBeUndefined();
    },
  );

  it('right-aligns the integer part before the divider and pads the cents', () => {
    const amount = parseAmount('1234.5');
    expect(amount && combAmountText(amount, 10, 2)).toBe('    123450');
    expect(amount && combAmountText(amount, 5, 2)).toBeUndefined();
  });

  it('finds the divider: the last rule on a cell boundary, or a heavier one among all', () => {
    const boundary = (cell: number, weight = 0.5) => ({ x: cell * 10, weight });
    expect(centsCellsOf([boundary(8)], 100, 10)).toBe(2);
    expect(centsCellsOf([boundary(4), boundary(6)], 80, 8)).toBe(2);
    const all = Array.from({ length: 9 }, (_, index) => boundary(index + 1));
    expect(centsCellsOf(all, 100, 10)).toBeUndefined();
    all[7] = boundary(8, 1.5);
    expect(centsCellsOf(all, 100, 10)).toBe(2);
    expect(centsCellsOf([{ x: 85, weight: 1 }], 100, 10)).toBeUndefined();
  });
});

const ready = hasTool('pdftotext') && hasTool('pdftk') && hasTool('qpdf');
const BOX = { x: 100, y: 600, width: 200, height: 20 };
const CELL = BOX.width / 10;

/** A one-page form with a 10-cell comb field, its box printed with a rule after cell `divider`. */
function combForm(divider: number | undefined): Promise<Uint8Array> {
  return buildForm(({ form, page }) => {
    const field = form.createTextField('amount');
    field.setMaxLength(10);
    field.enableCombing();
    field.addToPage(page, { ...BOX, borderWidth: 0 });
    if (divider !== undefined) {
      const x = BOX.x + divider * CELL;
      page.drawLine({
        start: { x, y: BOX.y },
        end: { x, y: BOX.y + BOX.height },
        thickness: 1,
      });
    }
  });
}

/** Each drawn character's left edge, in page points from the box's left edge (poppler). */
function glyphOffsets(bytes: Uint8Array): Array<{ text: string; x: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'formbridge-comb-'));
  try {
    const path = join(dir, 'in.pdf');
    writeFileSync(path, bytes);
    const out = spawnSync('pdftotext', ['-bbox', path, '-'], { encoding: 'utf8' }).stdout;
    return [...out.matchAll(/<word xMin="([\d.]+)"[^>]*>([^<]+)<\/word>/gu)].flatMap(
      ([, xMin = '0', text = '']) => {
        // A word of several glyphs (cells touching) is split by cell pitch.
        return Array.from(text, (char, index) => ({
          text: char,
          x: Number(xMin) - BOX.x + index * CELL,
        }));
      },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.skipIf(!ready)('an amount in a comb box printed with a cents divider', () => {
  it(
    'puts the cents after the divider and the integer part right before it',
    async () => {
      const { bytes, report } = await fillForm(await combForm(8), { amount: '1234.56' });
      expect(report.fields[0]?.problems).toEqual([]);
      const cells = glyphOffsets(bytes).map((glyph) => ({
        text: glyph.text,
        cell: Math.floor(glyph.x / CELL),
      }));
      expect(cells).toEqual([
        { text: '1', cell: 4 },
        { text: '2', cell: 5 },
        { text: '3', cell: 6 },
        { text: '4', cell: 7 },
        { text: '5', cell: 8 },
        { text: '6', cell: 9 },
      ]);
      expect(pdftkFields(bytes).get('amount')?.[0]?.values).toEqual(['1234.56']);
      expect(qpdfComplaints(bytes)).toBeNull();
    },
    ORACLE_TEST_TIMEOUT_MS,
  );

  it(
    'draws the value as typed in a comb without a divider',
    async () => {
      const { bytes } = await fillForm(await combForm(undefined), { amount: '1234.56' });
      const text = glyphOffsets(bytes)
        .map((glyph) => glyph.text)
        .join('');
      expect(text).toBe('1234.56');
      expect(Math.floor((glyphOffsets(bytes)[0]?.x ?? -1) / CELL)).toBe(0);
    },
    ORACLE_TEST_TIMEOUT_MS,
  );
});
