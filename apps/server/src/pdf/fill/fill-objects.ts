import { PDFArray, PDFNumber, type PDFContext } from '@cantoo/pdf-lib';

// Small PDF objects the appearance builders read and make for every widget of every record:
// shared where pdf-lib's objects never change, made without its generic conversions.

// PDFNumber builds its string form when created; widget sizes repeat for every record of a
// template, and number objects are never changed, so one object serves every appearance.
const MAX_CACHED_NUMBERS = 10_000;
const numberObjects = new Map<number, PDFNumber>();

/** A number object for `value`, shared (see numberObjects). */
export function pdfNumber(value: number): PDFNumber {
  let found = numberObjects.get(value);
  if (!found) {
    found = PDFNumber.of(value);
    if (numberObjects.size >= MAX_CACHED_NUMBERS) {
      numberObjects.clear();
    }
    numberObjects.set(value, found);
  }
  return found;
}

/** A new array of number objects. */
export function numbersArray(context: PDFContext, values: number[]): PDFArray {
  const array = PDFArray.withContext(context);
  for (const value of values) {
    array.push(pdfNumber(value));
  }
  return array;
}

/** Content-stream bytes: one byte per UTF-16 unit, its low byte (as pdf-lib's typedArrayFor). */
export function contentBytes(content: string): Uint8Array {
  const bytes = new Uint8Array(content.length);
  for (let index = 0; index < content.length; index += 1) {
    bytes[index] = content.charCodeAt(index);
  }
  return bytes;
}
