import { PDFArray, PDFHexString, PDFName, PDFString } from '@cantoo/pdf-lib';
import type { FieldOutcome, FillContext } from './fill-context.ts';
import type { FillOptions, FillValue } from './fill-types.ts';
import { FIELD_FLAGS, type FormField } from '../prepare/prepare-fields.ts';
import { arrayItems, inherited, nameText, objectText } from '../prepare/prepare-objects.ts';

// Rules that decide, before anything is drawn, whether a requested value is written at all:
// signature fields are skipped (a note, never a failure), read-only fields follow the template's
// policy, and an empty record value keeps what the template already shows. Every decision is
// in the report: the user downloads knowing what the form holds and why.

function asText(value: FillValue): string {
  return value === null ? '' : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value);
}

/** Current value of a field as text (/V; a multi-select array joined; a button's state name). */
export function currentValue(ctx: FillContext, field: FormField): string | undefined {
  const value = inherited(ctx.context, field.dict, 'V');
  if (value instanceof PDFArray) {
    return arrayItems(ctx.context, value)
      .map((item) => objectText(ctx.context, item) ?? '')
      .join(', ');
  }
  if (value instanceof PDFName) {
    return nameText(value);
  }
  return value instanceof PDFString || value instanceof PDFHexString
    ? value.decodeText()
    : undefined;
}

function prefilledValue(ctx: FillContext, field: FormField): string | undefined {
  const current = currentValue(ctx, field);
  const isButton = field.kind === 'checkbox' || field.kind === 'radio';
  return current === undefined || current === '' || (isButton && current === 'Off')
    ? undefined
    : current;
}

export function isReadOnly(field: FormField): boolean {
  return (field.flags & FIELD_FLAGS.readOnly) !== 0;
}

const isEmpty = (value: FillValue) => value === null || value === '';

/**
 * The outcome of a field the rules leave as it is, or undefined when the value is to be
 * written. `skipped` outcomes never fail a generation: leaving them was the intent.
 */
export function heldOutcome(
  ctx: FillContext,
  field: FormField,
  value: FillValue,
  options: FillOptions,
): FieldOutcome | undefined {
  const unchanged = { font: null, fontSize: null } as const;
  if (field.kind === 'signature') {
    return {
      ...unchanged,
      written: null,
      problems: [],
      notes: isEmpty(value)
        ? []
        : [
            `signature field skipped: "${asText(value)}" was not written (sign the PDF itself to fill it)`,
          ],
      skipped: true,
    };
  }
  const leaveReadOnly = isReadOnly(field) && options.readOnly === 'skip';
  if (leaveReadOnly && !isEmpty(value)) {
    return {
      ...unchanged,
      written: prefilledValue(ctx, field) ?? null,
      problems: [
        `the field is read-only in the PDF; "${asText(value)}" was not written (template setting: leave read-only fields)`,
      ],
      skipped: true,
    };
  }
  // Read only when it can matter: decoding /V for every field of every fill adds up.
  const prefilled =
    isEmpty(value) && (options.emptyValues === 'keep' || leaveReadOnly)
      ? prefilledValue(ctx, field)
      : undefined;
  if (prefilled !== undefined) {
    return {
      ...unchanged,
      written: prefilled,
      problems: [
        `the record's value is empty, so the template's prefilled value "${prefilled}" was kept`,
      ],
      skipped: true,
    };
  }
  if (leaveReadOnly) {
    // Nothing to write and nothing there: left as it is, like any read-only field under skip.
    return { ...unchanged, written: null, problems: [], skipped: true };
  }
  return undefined;
}

/** The problem for a value written into a read-only field (policy `fill`, the default). */
export function readOnlyProblems(field: FormField, outcome: FieldOutcome): string[] {
  return isReadOnly(field) && outcome.written !== null && outcome.written !== ''
    ? [
        'the field is read-only in the PDF; the value was written anyway (template setting: fill read-only fields)',
      ]
    : [];
}
