import { z } from 'zod';
import { TRANSFORM_LOCALES } from './transforms-locales.ts';
import { parseTemplate } from './transforms-template.ts';

// A field transform turns a mapped value into what one PDF box wants: a date pattern, a number
// layout, text clean-up, several fields in one box, one part of a value across several boxes, a
// checkbox condition or a value map. Data only, from a closed set: nothing here runs user code.

/** Ready-made date patterns the editor offers; any other pattern of the same tokens is allowed. */
export const DATE_PRESETS = ['MM/DD/YYYY', 'DD.MM.YYYY', 'YYYY-MM-DD', 'D MMMM YYYY'] as const;

const SHORT_TEXT = 200;
const MAP_ENTRIES = 200;
export const TEMPLATE_MAX_LENGTH = 500;

const shortText = z.string().max(SHORT_TEXT);

export const dateTransformSchema = z.object({
  kind: z.literal('date'),
  /** Tokens YYYY YY MMMM MMM MM M DD D; anything else is written as is; [text] is literal. */
  pattern: z
    .string()
    .trim()
    .min(1, 'Enter a date pattern, e.g. MM/DD/YYYY')
    .max(60, 'A date pattern has at most 60 characters'),
  locale: z.enum(TRANSFORM_LOCALES).default('en'),
});

export const numberTransformSchema = z.object({
  kind: z.literal('number'),
  /** Digits after the separator; null keeps the value's own. */
  decimals: z.number().int().min(0).max(6).nullable().default(null),
  grouping: z.boolean().default(false),
  decimal_separator: z.enum(['.', ',']).default('.'),
  group_separator: z.enum([',', '.', ' ', "'"]).default(','),
  /** auto: '-' on negatives; always: '+' on positives too; never: no sign; parentheses: (5.00). */
  sign: z.enum(['auto', 'always', 'never', 'parentheses']).default('auto'),
  currency: z.string().max(5).default(''),
  currency_position: z.enum(['before', 'after']).default('before'),
});

export const textTransformSchema = z.object({
  kind: z.literal('text'),
  case: z.enum(['none', 'upper', 'lower', 'title']).default('none'),
  /** Trims the ends and collapses runs of spaces. */
  trim: z.boolean().default(true),
  digits_only: z.boolean().default(false),
  prefix: shortText.default(''),
  suffix: shortText.default(''),
  pad: z
    .object({
      length: z.number().int().min(1).max(SHORT_TEXT),
      char: z.string().length(1),
      side: z.enum(['left', 'right']),
    })
    .nullable()
    .default(null),
  max_chars: z.number().int().min(1).max(10_000).nullable().default(null),
});

export const templateTransformSchema = z.object({
  kind: z.literal('template'),
  /** '{last_name}, {first_name} {middle_name|first}'; placeholders are mapping keys. */
  template: z.string().min(1).max(TEMPLATE_MAX_LENGTH),
});

const partIndex = z
  .number({ error: 'Enter which part, from 1' })
  .int('Enter a whole number')
  .min(1, 'Parts are counted from 1')
  .max(50, 'At most part 50');

export const partTransformSchema = z.discriminatedUnion('mode', [
  z.object({
    kind: z.literal('part'),
    mode: z.literal('chars'),
    /** 1-based, inclusive. */
    from: z.number().int().min(1).max(10_000),
    to: z.number().int().min(1).max(10_000).nullable().default(null),
    /** Count only letters and digits, so '123-45-6789' and '123456789' split alike. */
    ignore_separators: z.boolean().default(true),
  }),
  z.object({
    kind: z.literal('part'),
    mode: z.literal('group'),
    /** digits: runs of digits; words: split on spaces; separators: split on - / . , and spaces. */
    by: z.enum(['digits', 'words', 'separators']),
    index: partIndex,
  }),
  z.object({
    kind: z.literal('part'),
    mode: z.literal('sizes'),
    /** Group lengths over the letters and digits: [3, 2, 4] is an SSN. */
    sizes: z
      .array(z.number().int().min(1).max(100))
      .min(1, 'Enter the size of each group, e.g. 3-2-4')
      .max(12, 'At most 12 groups'),
    index: partIndex,
  }),
]);

export const CONDITION_OPERATORS = ['equals', 'one_of', 'empty', 'not_empty'] as const;

export const conditionTransformSchema = z.object({
  kind: z.literal('condition'),
  operator: z.enum(CONDITION_OPERATORS),
  /** Compared without case and surrounding spaces; one for equals, several for one_of. */
  values: z.array(shortText).max(MAP_ENTRIES).default([]),
  /** The radio/dropdown option chosen when the condition holds; null ticks a checkbox. */
  option: shortText.nullable().default(null),
});

export const valueMapTransformSchema = z.object({
  kind: z.literal('value_map'),
  entries: z
    .array(z.object({ from: shortText, to: shortText }))
    .min(1, 'Add at least one line "value = what the PDF gets"')
    .max(MAP_ENTRIES, `At most ${MAP_ENTRIES} lines`),
  /** What an unmatched value becomes: itself, or nothing. */
  otherwise: z.enum(['keep', 'empty']).default('keep'),
});

const transformUnion = z.discriminatedUnion('kind', [
  dateTransformSchema,
  numberTransformSchema,
  textTransformSchema,
  templateTransformSchema,
  partTransformSchema,
  conditionTransformSchema,
  valueMapTransformSchema,
]);

const DATE_TOKENS = /YYYY|YY|MMMM|MMM|MM|M|DD|D/g;

/**
 * What is wrong with a date pattern, or null: it must hold at least one date token, and every
 * other Latin letter must sit in [brackets] — 'dd/mm/yyyy' or 'MM/DD/YYY' would otherwise be printed
 * as they are on every PDF.
 */
export function checkDatePattern(pattern: string): string | null {
  const withoutLiterals = pattern.replace(/\[[^\]]*\]/g, ' ');
  if (withoutLiterals.includes('[')) {
    return "Close the literal text with ']' (e.g. [on] DD MMMM)";
  }
  if ((withoutLiterals.match(DATE_TOKENS) ?? []).length === 0) {
    return 'A date pattern needs at least one of YYYY, YY, MMMM, MMM, MM, M, DD or D (upper case)';
  }
  // Latin letters only: 'YYYY年MM月DD日' keeps its characters as printed text.
  const unknown = [...new Set(withoutLiterals.replace(DATE_TOKENS, ' ').match(/[A-Za-z]+/g) ?? [])];
  if (unknown.length > 0) {
    const listed = unknown.map((word) => `'${word}'`).join(', ');
    return `Unknown in a date pattern: ${listed}. Use YYYY, YY, MMMM, MMM, MM, M, DD, D (upper case), and put other words in [brackets]`;
  }
  return null;
}

/** A transform as requests send it and responses return it (defaults filled in). */
export const transformSchema = transformUnion.superRefine((transform, ctx) => {
  if (transform.kind === 'date') {
    const problem = checkDatePattern(transform.pattern);
    if (problem) {
      ctx.addIssue({ code: 'custom', path: ['pattern'], message: problem });
    }
  }
  if (transform.kind === 'condition') {
    const needsValue = transform.operator === 'equals' || transform.operator === 'one_of';
    if (needsValue && transform.values.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['values'], message: 'Give the value to compare with' });
    }
  }
  if (transform.kind === 'template') {
    const parsed = parseTemplate(transform.template);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', path: ['template'], message: parsed.message });
    }
  }
  if (
    transform.kind === 'number' &&
    transform.grouping &&
    transform.group_separator === transform.decimal_separator
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['group_separator'],
      message: 'The grouping and decimal separators must differ',
    });
  }
  if (transform.kind === 'part' && transform.mode === 'chars' && transform.to !== null) {
    if (transform.to < transform.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: '"to" must not be before "from"' });
    }
  }
  if (transform.kind === 'part' && transform.mode === 'sizes') {
    if (transform.index > transform.sizes.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['index'],
        message: `There are only ${transform.sizes.length} groups`,
      });
    }
  }
});
export type Transform = z.output<typeof transformSchema>;
export type TransformInput = z.input<typeof transformSchema>;
export type TransformKind = Transform['kind'];

export const TRANSFORM_KIND_LABELS: Record<TransformKind, string> = {
  date: 'Date format',
  number: 'Number format',
  text: 'Text format',
  template: 'Template',
  part: 'Part of value',
  condition: 'Condition',
  value_map: 'Value map',
};

/** A transform as stored (JSON text); null for none or for text that is no longer a transform. */
export function parseStoredTransform(text: string | null | undefined): Transform | null {
  if (text === null || text === undefined || text === '') {
    return null;
  }
  try {
    const parsed = transformSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
