import { formatNumber } from './transforms-format.ts';
import type { Transform } from './transforms.ts';

// One line naming a transform, for the mapping views and the fill report.

const quote = (text: string) => `"${text}"`;

function describeText(transform: Extract<Transform, { kind: 'text' }>): string {
  const steps: string[] = [];
  if (transform.case !== 'none') {
    steps.push(`${transform.case} case`);
  }
  if (transform.digits_only) {
    steps.push('digits only');
  }
  if (transform.pad) {
    steps.push(`padded to ${transform.pad.length} with ${quote(transform.pad.char)}`);
  }
  if (transform.prefix !== '') {
    steps.push(`prefix ${quote(transform.prefix)}`);
  }
  if (transform.suffix !== '') {
    steps.push(`suffix ${quote(transform.suffix)}`);
  }
  if (transform.max_chars !== null) {
    steps.push(`at most ${transform.max_chars} characters`);
  }
  if (steps.length === 0) {
    steps.push(transform.trim ? 'trimmed' : 'as it is');
  }
  return `Text: ${steps.join(', ')}`;
}

function describePart(transform: Extract<Transform, { kind: 'part' }>): string {
  if (transform.mode === 'chars') {
    return transform.to === null
      ? `Characters ${transform.from} onwards`
      : `Characters ${transform.from}–${transform.to}`;
  }
  if (transform.mode === 'sizes') {
    return `Group ${transform.index} of ${transform.sizes.join('-')}`;
  }
  const what = { digits: 'digit groups', words: 'words', separators: 'separated parts' };
  return `Group ${transform.index} of the ${what[transform.by]}`;
}

function describeCondition(transform: Extract<Transform, { kind: 'condition' }>): string {
  const test = {
    equals: `equals ${quote(transform.values[0] ?? '')}`,
    one_of: `is one of ${transform.values.map(quote).join(', ')}`,
    empty: 'is empty',
    not_empty: 'is not empty',
  }[transform.operator];
  const outcome = transform.option === null ? 'tick' : `choose ${quote(transform.option)}`;
  return `When the value ${test}: ${outcome}`;
}

/** 'Date MM/DD/YYYY', 'Group 1 of 3-2-4', 'Template "{last_name}, {first_name}"'… */
export function describeTransform(transform: Transform): string {
  switch (transform.kind) {
    case 'date':
      return /MMM/.test(transform.pattern)
        ? `Date ${transform.pattern} (${transform.locale})`
        : `Date ${transform.pattern}`;
    case 'number':
      return `Number like ${formatNumber(-1234.5, transform)}`;
    case 'text':
      return describeText(transform);
    case 'template':
      return `Template ${quote(transform.template)}`;
    case 'part':
      return describePart(transform);
    case 'condition':
      return describeCondition(transform);
    case 'value_map':
      return `Value map (${transform.entries.length} ${transform.entries.length === 1 ? 'entry' : 'entries'})`;
  }
}
