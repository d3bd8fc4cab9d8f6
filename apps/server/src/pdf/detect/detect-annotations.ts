// Narrowing pdfjs `page.getAnnotations()` results (typed `any` upstream) to the widget data we use.
import type { FieldType } from './detect-types.ts';
import type { UserRect } from './pdf-geometry.ts';
import { normalizeRect } from './pdf-geometry.ts';

/** The parts of one pdfjs widget annotation that detection needs. */
export type RawWidget = {
  /** pdfjs annotation id: `<num>R` (or `<num>R<gen>`) for indirect objects. */
  id: string;
  fieldName: string;
  type: FieldType;
  rect: UserRect;
  /** Export value of the on-state (checkbox/radio), as pdfjs reports it. */
  onValue?: string;
  options?: { exportValue: string; displayValue: string }[];
  multiline: boolean;
  comb: boolean;
  maxLength: number;
  required: boolean;
  readOnly: boolean;
  tooltip: string;
  defaultValue: unknown;
};

// Field flag bits (PDF 32000-1, tables 226-230), used when pdfjs' booleans are missing.
const FLAG_RADIO = 1 << 15;
const FLAG_PUSHBUTTON = 1 << 16;
const FLAG_COMBO = 1 << 17;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function readRect(value: unknown): UserRect | null {
  if (!Array.isArray(value) || value.length !== 4) {
    return null;
  }
  const [a, b, c, d] = value.map((v: unknown) =>
    typeof v === 'number' && Number.isFinite(v) ? v : NaN,
  );
  if (a === undefined || b === undefined || c === undefined || d === undefined) {
    return null;
  }
  return [a, b, c, d].some(Number.isNaN) ? null : normalizeRect([a, b, c, d]);
}

function fieldType(a: Record<string, unknown>): FieldType | null {
  const flags = num(a.fieldFlags);
  switch (a.fieldType) {
    case 'Tx':
      return 'text';
    case 'Sig':
      return 'signature';
    case 'Ch':
      return a.combo === true || (a.combo === undefined && (flags & FLAG_COMBO) !== 0)
        ? 'dropdown'
        : 'list';
    case 'Btn':
      if (a.pushButton === true || (flags & FLAG_PUSHBUTTON) !== 0) {
        return 'button';
      }
      if (a.radioButton === true || (a.checkBox !== true && (flags & FLAG_RADIO) !== 0)) {
        return 'radio';
      }
      return 'checkbox';
    default:
      return null; // a widget without /FT anywhere in its chain is not a usable field
  }
}

function readOptions(value: unknown): RawWidget['options'] {
  if (!Array.isArray(value)) {
    return undefined;
  }
  return value
    .filter(isRecord)
    .map((o) => ({ exportValue: str(o.exportValue), displayValue: str(o.displayValue) }));
}

/** Narrow one pdfjs annotation; null for non-widgets, nameless or type-less widgets, bad rects. */
export function toRawWidget(annotation: unknown): RawWidget | null {
  if (!isRecord(annotation) || annotation.subtype !== 'Widget') {
    return null;
  }
  const fieldName = str(annotation.fieldName);
  const type = fieldType(annotation);
  const rect = readRect(annotation.rect);
  if (fieldName === '' || type === null || rect === null) {
    return null;
  }
  const raw: RawWidget = {
    id: str(annotation.id),
    fieldName,
    type,
    rect,
    multiline: annotation.multiLine === true,
    comb: annotation.comb === true,
    maxLength: num(annotation.maxLen),
    required: annotation.required === true,
    readOnly: annotation.readOnly === true,
    tooltip: str(annotation.alternativeText),
    defaultValue: annotation.defaultFieldValue,
  };
  if (type === 'radio' && typeof annotation.buttonValue === 'string') {
    raw.onValue = annotation.buttonValue;
  } else if (type === 'checkbox' && typeof annotation.exportValue === 'string') {
    raw.onValue = annotation.exportValue;
  }
  if (type === 'dropdown' || type === 'list') {
    raw.options = readOptions(annotation.options);
  }
  return raw;
}
