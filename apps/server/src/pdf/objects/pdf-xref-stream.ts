// The rows of a cross-reference stream. pdf-lib decodes /FlateDecode but ignores /DecodeParms,
// and most writers store xref streams with the PNG "Up" predictor, so that part is done here.
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  type PDFObject,
  type PDFRawStream,
} from '@cantoo/pdf-lib';

/** The array's entries when all are non-negative integers, else null. */
export function numbersOf(value: PDFObject | undefined): number[] | null {
  if (!(value instanceof PDFArray)) {
    return null;
  }
  const numbers = value
    .asArray()
    .map((item) => (item instanceof PDFNumber ? item.asNumber() : NaN));
  return numbers.every((number) => Number.isInteger(number) && number >= 0) ? numbers : null;
}

/** The stream's rows, PNG predictors undone (pdf-lib's decoder does not apply them). */
export function xrefStreamData(stream: PDFRawStream): Uint8Array | null {
  const decoded = decodePDFRawStream(stream).decode();
  const parms = stream.dict.get(PDFName.of('DecodeParms'));
  if (parms === undefined) {
    return decoded;
  }
  if (!(parms instanceof PDFDict)) {
    return null;
  }
  const number = (key: string, fallback: number): number => {
    const value = parms.get(PDFName.of(key));
    return value instanceof PDFNumber ? value.asNumber() : fallback;
  };
  const predictor = number('Predictor', 1);
  if (predictor === 1) {
    return decoded;
  }
  if (predictor < 10 || number('Colors', 1) !== 1 || number('BitsPerComponent', 8) !== 8) {
    return null;
  }
  return undoPng(decoded, number('Columns', 1));
}

/** PNG row filters with one byte per pixel (PNG specification, section 9). */
function undoPng(data: Uint8Array, columns: number): Uint8Array | null {
  const rows = Math.floor(data.byteLength / (columns + 1));
  const output = new Uint8Array(rows * columns);
  for (let row = 0; row < rows; row += 1) {
    const filter = data[row * (columns + 1)];
    const input = row * (columns + 1) + 1;
    const at = row * columns;
    for (let column = 0; column < columns; column += 1) {
      const raw = data[input + column] ?? 0;
      const left = column > 0 ? (output[at + column - 1] ?? 0) : 0;
      const up = row > 0 ? (output[at - columns + column] ?? 0) : 0;
      const upLeft = row > 0 && column > 0 ? (output[at - columns + column - 1] ?? 0) : 0;
      let predicted: number;
      switch (filter) {
        case 0:
          predicted = 0;
          break;
        case 1:
          predicted = left;
          break;
        case 2:
          predicted = up;
          break;
        case 3:
          predicted = Math.floor((left + up) / 2);
          break;
        case 4: {
          const estimate = left + up - upLeft;
          const toLeft = Math.abs(estimate - left);
          const toUp = Math.abs(estimate - up);
          const toUpLeft = Math.abs(estimate - upLeft);
          predicted = toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft;
          break;
        }
        default:
          return null;
      }
      output[at + column] = (raw + predicted) & 0xff;
    }
  }
  return output;
}
