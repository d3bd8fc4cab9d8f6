import { toTitleCase } from './transforms-locales.ts';

// Templates put several values in one box: '{last_name}, {first_name} {middle_name|first}'.
// A placeholder is a mapping key ('field', 'link.field', 'universal::key') with an optional
// modifier. Empty values disappear with the separator in front of them, so a missing middle name
// leaves 'Doe, John' rather than 'Doe, John '.

export const TEMPLATE_MODIFIERS = [
  'first',
  'initial',
  'upper',
  'lower',
  'title',
  'digits',
] as const;
export type TemplateModifier = (typeof TEMPLATE_MODIFIERS)[number];

export type TemplatePart =
  | { kind: 'text'; text: string }
  | { kind: 'value'; key: string; modifier: TemplateModifier | null };

export type ParsedTemplate = { ok: true; parts: TemplatePart[] } | { ok: false; message: string };

const PLACEHOLDER = /\{([^{}]*)\}/g;

function isModifier(text: string): text is TemplateModifier {
  return (TEMPLATE_MODIFIERS as readonly string[]).includes(text);
}

/** Splits a template into text and placeholders; says what is wrong when it cannot. */
export function parseTemplate(template: string): ParsedTemplate {
  const parts: TemplatePart[] = [];
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const [whole, inner = ''] = match;
    const [rawKey = '', rawModifier, ...rest] = inner.split('|');
    const key = rawKey.trim();
    const modifier = rawModifier?.trim() ?? null;
    if (key === '') {
      return { ok: false, message: `Placeholder "${whole}" names no field` };
    }
    if (rest.length > 0 || (modifier !== null && !isModifier(modifier))) {
      return {
        ok: false,
        message: `Placeholder "${whole}": the modifier after | must be one of ${TEMPLATE_MODIFIERS.join(', ')}`,
      };
    }
    if (match.index > last) {
      parts.push({ kind: 'text', text: template.slice(last, match.index) });
    }
    parts.push({ kind: 'value', key, modifier });
    last = match.index + whole.length;
  }
  if (last < template.length) {
    parts.push({ kind: 'text', text: template.slice(last) });
  }
  if (parts.some((part) => part.kind === 'text' && /[{}]/.test(part.text))) {
    return { ok: false, message: 'A { has no matching } (or the other way round)' };
  }
  if (!parts.some((part) => part.kind === 'value')) {
    return { ok: false, message: 'A template needs at least one {field}' };
  }
  return { ok: true, parts };
}

function applyModifier(text: string, modifier: TemplateModifier | null): string {
  switch (modifier) {
    case 'first':
      return [...text][0] ?? '';
    case 'initial':
      return text === '' ? '' : `${[...text][0]?.toLocaleUpperCase() ?? ''}.`;
    case 'upper':
      return text.toLocaleUpperCase();
    case 'lower':
      return text.toLocaleLowerCase();
    case 'title':
      return toTitleCase(text);
    case 'digits':
      return text.replace(/\D/g, '');
    default:
      return text;
  }
}

/**
 * Fills a parsed template. Text before the first value and after the last stays when any value is
 * present; text between values is the separator of the value after it and goes with that value.
 */
export function renderTemplate(parts: readonly TemplatePart[], read: (key: string) => string) {
  const firstValue = parts.findIndex((part) => part.kind === 'value');
  const lastValue = parts.findLastIndex((part) => part.kind === 'value');
  let body = '';
  let pendingSeparator = '';
  let hasValue = false;
  for (const [index, part] of parts.entries()) {
    if (index < firstValue || index > lastValue) {
      continue;
    }
    if (part.kind === 'text') {
      pendingSeparator += part.text;
      continue;
    }
    const text = applyModifier(read(part.key).trim(), part.modifier);
    if (text !== '') {
      body += hasValue ? pendingSeparator + text : text;
      hasValue = true;
    }
    pendingSeparator = '';
  }
  if (!hasValue) {
    return '';
  }
  const textOf = (slice: readonly TemplatePart[]) =>
    slice.map((part) => (part.kind === 'text' ? part.text : '')).join('');
  return textOf(parts.slice(0, firstValue)) + body + textOf(parts.slice(lastValue + 1));
}
