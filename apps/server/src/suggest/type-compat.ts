// Whether a table value can fill a PDF field of a given kind, as a factor: 0 means never
// (a date into a checkbox), 1 means a natural fit (a boolean into a checkbox), in between means
// possible but less likely (a number into a plain text box that says nothing numeric).
import type { FieldProfile, Target } from './suggest-types.ts';

const YES_NO = new Set([
  'yes',
  'no',
  'oui',
  'non',
  'si',
  'sí',
  'ja',
  'nein',
  'true',
  'false',
  'on',
  'off',
  'y',
  'n',
  '1',
  '0',
  'x',
]);

function isYesNo(options: readonly string[]): boolean {
  return options.length <= 2 && options.every((option) => YES_NO.has(option));
}

function isNumeric(options: readonly string[]): boolean {
  return options.length > 0 && options.every((option) => /^-?\d+(?:[.,]\d+)?$/.test(option));
}

function textFactor(field: FieldProfile, type: string): number {
  switch (type) {
    case 'string':
    case 'email':
      return 1;
    case 'number':
      return field.isNumberLike ? 1 : 0.95;
    case 'date':
      return field.isDateLike ? 1 : 0.9;
    default:
      // Booleans print as "true"/"false" in a text box: never what a form wants.
      return 0;
  }
}

// A checkbox is a yes/no; a checkbox *group* with export values (M / F / X) takes a string.
function checkboxFactor(options: readonly string[], type: string): number {
  if (type === 'boolean') {
    return 1;
  }
  return type === 'string' && options.length >= 2 ? 0.9 : 0;
}

function radioFactor(options: readonly string[], type: string): number {
  switch (type) {
    case 'boolean':
      return options.length <= 1 || isYesNo(options) ? 1 : 0;
    case 'string':
      // Possible (Male / Female from a Gender field), but a text box is the likelier home.
      return options.length >= 2 ? 0.9 : 0;
    case 'number':
      return isNumeric(options) ? 0.8 : 0;
    default:
      return 0;
  }
}

function choiceFactor(options: readonly string[], type: string): number {
  switch (type) {
    case 'string':
      return 1;
    case 'number':
      return isNumeric(options) ? 0.9 : 0.6;
    case 'boolean':
      return isYesNo(options) ? 0.9 : 0;
    case 'email':
      return 0.6;
    default:
      return 0;
  }
}

/**
 * How well the target's type fits the PDF field, from 0 (incompatible) to 1, including whether
 * the box is long enough for the value (`max_length` 2 cannot take a 9-digit SSN).
 */
export function typeFactor(field: FieldProfile, target: Target): number {
  if (field.maxLength !== undefined && field.maxLength > 0 && field.maxLength < target.minLength) {
    return 0;
  }
  const options = field.options;
  switch (field.pdfType) {
    case 'text':
      return textFactor(field, target.type);
    case 'checkbox':
      return checkboxFactor(options, target.type);
    case 'radio':
      return radioFactor(options, target.type);
    case 'dropdown':
    case 'list':
      return choiceFactor(options, target.type);
    default:
      // Signatures and push buttons are never filled from data.
      return 0;
  }
}
