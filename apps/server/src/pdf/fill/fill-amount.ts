// Amounts in comb boxes printed with a cents divider (issue 30): a comb draws one character per
// cell from the left, so `1234.56` in ten cells whose last two are cents ran across the divider
// (`1 2 3 4 . 5 | 6 _`). When the page prints a divider at a cell boundary inside the comb, the
// amount is set as a hand would write it: the integer part right-aligned before the divider,
// the decimals in the cells after it, the decimal point left out (the divider is the point).
// Anything else (no divider, more decimals than cells after it, an integer part too long, a
// value that is not an amount) is drawn as typed: no guess at a layout the form does not show.

export interface Amount {
  sign: string;
  integer: string;
  decimals: string;
}

// Digits, optional thousands groups (space, apostrophe, or the separator the decimals do not
// use), one decimal separator and 1–3 decimals; an optional sign or currency symbol.
const AMOUNT =
  /^\s*([-+]?)\s*[$€£¥₹]?\s*([-+]?)(\d{1,3}(?:([ ',.\u00a0\u202f])\d{3})*|\d+)([.,])(\d{1,3})\s*(?:[$€£¥₹]|EUR|USD)?\s*$/u;

/** `value` read as an amount with decimals, or undefined. */
export function parseAmount(value: string): Amount | undefined {
  const match = AMOUNT.exec(value);
  if (!match) {
    return undefined;
  }
  const [, before = '', after = '', whole = '', group, separator, decimals = ''] = match;
  if (group === separator || (before !== '' && after !== '')) {
    return undefined;
  }
  return { sign: before + after === '-' ? '-' : '', integer: whole.replace(/\D/gu, ''), decimals };
}

/**
 * The comb text for `amount` in `cells` cells whose last `centsCells` follow a printed divider:
 * spaces, the integer part, then the decimals (padded with zeros); undefined when it does not fit.
 */
export function combAmountText(
  amount: Amount,
  cells: number,
  centsCells: number,
): string | undefined {
  const integer = `${amount.sign}${amount.integer}`;
  const before = cells - centsCells;
  if (centsCells < 1 || amount.decimals.length > centsCells || integer.length > before) {
    return undefined;
  }
  return ' '.repeat(before - integer.length) + integer + amount.decimals.padEnd(centsCells, '0');
}

/** A printed vertical rule across a comb: its position along the box and its thickness. */
export interface CombRule {
  /** Distance from the box's left edge, in points. */
  x: number;
  weight: number;
}

/**
 * How many cells follow the comb's cents divider: the last printed rule standing on a cell
 * boundary, when the rules do not mark every boundary alike (boxes printed cell by cell have no
 * divider unless one rule is heavier than the others); undefined when there is none.
 */
export function centsCellsOf(
  rules: readonly CombRule[],
  width: number,
  cells: number,
): number | undefined {
  const cellWidth = width / cells;
  const onBoundary = rules
    .map((rule) => ({ ...rule, boundary: Math.round(rule.x / cellWidth) }))
    .filter(
      (rule) =>
        rule.boundary > 0 &&
        rule.boundary < cells &&
        Math.abs(rule.x - rule.boundary * cellWidth) <= cellWidth * 0.25,
    );
  if (onBoundary.length === 0) {
    return undefined;
  }
  const boundaries = new Set(onBoundary.map((rule) => rule.boundary));
  let divider = Math.max(...boundaries);
  if (boundaries.size === cells - 1) {
    // Every cell printed: only a heavier rule divides.
    const lightest = Math.min(...onBoundary.map((rule) => rule.weight));
    const heavy = onBoundary.filter((rule) => rule.weight > lightest * 1.5);
    if (heavy.length === 0) {
      return undefined;
    }
    divider = Math.max(...heavy.map((rule) => rule.boundary));
  }
  return cells - divider;
}
