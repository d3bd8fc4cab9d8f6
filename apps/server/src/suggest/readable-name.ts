// A field's name as words, for when nothing printed names the field: the addendum's item labels
// and the table proposal's captions. No imports, so the addendum's labels load no lexicon.

/** The trailing box number of a field name: 'ssn_2', 'f1_04[0]', 'DOB(2)'. */
export const BOX_INDEX = /[\s_\-.]*\d+(?:\[\d+\]|\(\d+\))?$|(?:\[\d+\]|\(\d+\))$/;

/**
 * The last segment of a field's name as words: separators and camelCase split, spaces single.
 * `numbering: 'drop'` also removes a trailing box number and a leading item number
 * (`301 Date Hired` → `Date Hired`); `'keep'` removes only a trailing `[n]` index. '' when
 * nothing readable is left.
 */
export function readableFieldName(name: string, numbering: 'keep' | 'drop'): string {
  const segment = name.split('.').at(-1) ?? name;
  const words = segment
    .replace(numbering === 'drop' ? BOX_INDEX : /\[\d+\]$/, '')
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/\s+/g, ' ');
  return (numbering === 'drop' ? words.replace(/^\s*\d+[\s.)]*(?=\p{L})/u, '') : words).trim();
}
