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
  const token = DATE_PART.exec(name)?.[1]?.toLowerCase()[0];
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
    .map((boxes) => [...boxes].sort((a, b) => a.info.rect[0] - b.info.rect[0]));
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
  const numbered = findBoxGroups(fields, (name) =>
    BOX_NUMBER.test(name) ? name.replace(BOX_NUMBER, '') : null,
  );
  const dateParts = findBoxGroups(fields, (name) =>
    DATE_PART.test(name) ? name.replace(DATE_PART, '') : null,
  );
  for (const group of [...numbered, ...dateParts]) {
    if (group.some((box) => mappedFieldNames.has(box.name))) {
      continue;
    }
    const anchor = group.map((box) => byField.get(box.name)).find((item) => item !== undefined);
    if (!anchor) {
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
