import type { Suggestion } from '@formbridge/contract/mappings';
import type { FieldDataDto, FieldInfoDto } from '@formbridge/contract/templates';
import { describeTransform } from '@formbridge/contract/transforms-describe';
import type { Transform } from '@formbridge/contract/transforms';

// Proposes a transform next to a suggestion when the form says plainly what it wants: a date
// field whose name, tooltip or label spells its pattern ('mm/dd/yyyy'), or a value split across
// adjacent boxes that share a name ('SSN 1', 'SSN 2', 'SSN 3' with 3, 2 and 4 characters). Runs
// after scoring and assignment and never changes which target was chosen for a field on its own.

/** The type of a suggested target ('date', 'string'…), null when unknown. */
export type TargetTypeOf = (key: string) => string | null;

const DATE_PATTERN = /\b(mm|dd|yyyy|yy)([/.\- ]?)(mm|dd|yyyy|yy)\2(mm|dd|yyyy|yy)\b/i;
const BOX_NUMBER = /[\s_\-.]*\d+$/;
const DATE_PART = /[\s_\-.]*\b(mm|m|month|dd|d|day|yyyy|yy|y|year)$/i;
const SAME_ROW_POINTS = 6;
/** Split boxes abut: a wider gap between two boxes of a row means two different fields. */
const ADJACENT_POINTS = 15;
/** XFA and Acrobat instance indexes (`SSN1[0]`, `SSN(0)`), which hide a box's own number. */
const INDEX_SUFFIX = /(?:\[\d+\]|\(\d+\))$/;

/**
 * The stem boxes of one split value share: `SSN 1`, `f1_4[0]` → `SSN`, `f1`; `SSN(0)`, `SSN(1)`
 * → `SSN`, the instance index numbering the boxes itself.
 */
function numberedStem(name: string): string | null {
  const bare = name.replace(INDEX_SUFFIX, '');
  if (BOX_NUMBER.test(bare)) {
    return bare.replace(BOX_NUMBER, '');
  }
  return bare !== name ? bare : null;
}

function datePartStem(name: string): string | null {
  const bare = name.replace(INDEX_SUFFIX, '');
  return DATE_PART.test(bare) ? bare.replace(DATE_PART, '') : null;
}

function describeField(name: string, info: FieldInfoDto): string {
  return [name, info.tooltip ?? '', info.label ?? ''].join(' ');
}

/** 'mm/dd/yyyy' in the field's words → the date transform that writes it. */
function spelledDatePattern(text: string): Transform | null {
  const match = DATE_PATTERN.exec(text);
  if (!match) {
    return null;
  }
  const parts = [match[1], match[3], match[4]].map((part) => (part ?? '').toUpperCase());
  const kinds = new Set(parts.map((part) => part[0]));
  if (kinds.size !== 3) {
    return null;
  }
  return { kind: 'date', pattern: parts.join(match[2] ?? ''), locale: 'en' };
}

function datePartPattern(name: string): string | null {
  const token = DATE_PART.exec(name.replace(INDEX_SUFFIX, ''))?.[1]?.toLowerCase()[0];
  return token === 'm' ? 'MM' : token === 'd' ? 'DD' : token === 'y' ? 'YYYY' : null;
}

type Box = { name: string; info: FieldInfoDto };

/** Fields sharing a stem on one row, left to right; only groups of two or more. */
function findBoxGroups(fields: FieldDataDto, stemOf: (name: string) => string | null): Box[][] {
  const groups = new Map<string, Box[]>();
  for (const [name, info] of Object.entries(fields)) {
    const stem = stemOf(name);
    if (stem === null || info.type !== 'text') {
      continue;
    }
    const key = `${info.page}\u0000${stem.toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), { name, info }]);
  }
  return [...groups.values()]
    .filter((boxes) => {
      const tops = boxes.map((box) => box.info.rect[1]);
      return boxes.length >= 2 && Math.max(...tops) - Math.min(...tops) <= SAME_ROW_POINTS;
    })
    .map((boxes) => [...boxes].sort((a, b) => a.info.rect[0] - b.info.rect[0]))
    .filter((boxes) =>
      boxes.every(
        (box, i) =>
          i === 0 || box.info.rect[0] - (boxes[i - 1]?.info.rect[2] ?? 0) <= ADJACENT_POINTS,
      ),
    );
}

function withTransform(suggestion: Suggestion, transform: Transform, why: string): Suggestion {
  return {
    ...suggestion,
    transform,
    reason: `${suggestion.reason}; ${why}: ${describeTransform(transform)}`,
  };
}

/**
 * Adds transform proposals to `suggestions`: a spelled date pattern on a date target, and for a
 * row of same-named boxes one of which was suggested, the same target for every box with the
 * part each box takes. Boxes that are mapped already are left alone.
 */
export function proposeTransforms(
  suggestions: readonly Suggestion[],
  fields: FieldDataDto,
  mappedFieldNames: ReadonlySet<string>,
  targetTypeOf: TargetTypeOf,
): Suggestion[] {
  const byField = new Map(suggestions.map((item) => [item.field_name, item]));
  for (const item of suggestions) {
    const info = Object.hasOwn(fields, item.field_name) ? fields[item.field_name] : undefined;
    const pattern = info ? spelledDatePattern(describeField(item.field_name, info)) : null;
    if (pattern && targetTypeOf(item.suggested_field_key) === 'date') {
      byField.set(item.field_name, withTransform(item, pattern, 'the field spells its date'));
    }
  }
  const numbered = findBoxGroups(fields, numberedStem);
  const dateParts = findBoxGroups(fields, datePartStem);
  for (const group of [...numbered, ...dateParts]) {
    if (group.some((box) => mappedFieldNames.has(box.name))) {
      continue;
    }
    const anchor = group.map((box) => byField.get(box.name)).find((item) => item !== undefined);
    // Boxes suggested for different targets (State and ZIP side by side) are not one value.
    const targets = new Set(group.map((box) => byField.get(box.name)?.suggested_field_key));
    targets.delete(undefined);
    if (!anchor || targets.size > 1) {
      continue;
    }
    const isDate = targetTypeOf(anchor.suggested_field_key) === 'date';
    const sizes = group.map((box) => box.info.max_length ?? 0);
    group.forEach((box, position) => {
      const datePattern = isDate ? datePartPattern(box.name) : null;
      const transform: Transform | null = datePattern
        ? { kind: 'date', pattern: datePattern, locale: 'en' }
        : !isDate && sizes.every((size) => size > 0)
          ? { kind: 'part', mode: 'sizes', sizes, index: position + 1 }
          : null;
      if (transform) {
        const base = { ...anchor, field_name: box.name };
        byField.set(box.name, withTransform(base, transform, 'one value across adjacent boxes'));
      }
    });
  }
  return [...byField.values()];
}
