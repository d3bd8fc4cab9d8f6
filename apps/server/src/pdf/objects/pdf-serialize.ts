import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFStream,
  type PDFObject,
} from '@cantoo/pdf-lib';

// The bytes of PDF objects exactly as pdf-lib writes them (`copyBytesInto`), written once into
// a reused buffer. pdf-lib sizes every object first and then copies it, and each pass turns
// every dictionary into an array of entries and copies stream contents byte by byte: for the
// incremental update of a form that was most of the cost of writing it.

const NEWLINE = 0x0a;
const SPACE = 0x20;

/** Grows as needed; one per thread, reused by every update written on it. */
export class ObjectWriter {
  private buffer = new Uint8Array(64 * 1024);
  position = 0;

  /** Starts over (what was written before is forgotten, the memory is kept). */
  reset(): void {
    this.position = 0;
  }

  private reserve(count: number): void {
    const needed = this.position + count;
    if (needed <= this.buffer.byteLength) {
      return;
    }
    const grown = new Uint8Array(Math.max(needed, this.buffer.byteLength * 2));
    grown.set(this.buffer.subarray(0, this.position));
    this.buffer = grown;
  }

  /** An ASCII string (object headers, keywords). */
  ascii(text: string): void {
    this.reserve(text.length);
    for (let index = 0; index < text.length; index += 1) {
      this.buffer[this.position++] = text.charCodeAt(index);
    }
  }

  /** `value` (a whole number ≥ 0) in decimal, zero-padded to `width` digits. */
  padded(value: number, width: number): void {
    this.reserve(width);
    let rest = value;
    for (let digit = width - 1; digit >= 0; digit -= 1) {
      this.buffer[this.position + digit] = 0x30 + (rest % 10);
      rest = Math.floor(rest / 10);
    }
    this.position += width;
  }

  bytes(bytes: Uint8Array): void {
    this.reserve(bytes.byteLength);
    this.buffer.set(bytes, this.position);
    this.position += bytes.byteLength;
  }

  /** `object` as pdf-lib's `copyBytesInto` writes it. */
  object(object: PDFObject): void {
    // Most objects written are names, numbers and references: told apart by their class first
    // (each failed `instanceof` walks a prototype chain); their text is what they write.
    const kind = object.constructor;
    if (kind === PDFName || kind === PDFNumber || kind === PDFRef) {
      this.ascii(object.toString());
    } else if (object instanceof PDFDict) {
      this.dict(object);
    } else if (object instanceof PDFArray) {
      this.ascii('[ ');
      for (let index = 0; index < object.size(); index += 1) {
        this.object(object.get(index));
        this.ascii(' ');
      }
      this.ascii(']');
    } else if (object instanceof PDFStream) {
      // What PDFStream.copyBytesInto does, with the contents copied in one go.
      object.updateDict();
      this.dict(object.dict);
      this.ascii('\nstream\n');
      this.bytes(object.getContents());
      this.ascii('\nendstream');
    } else {
      const size = object.sizeInBytes();
      this.reserve(size);
      this.position += object.copyBytesInto(this.buffer, this.position);
    }
  }

  private readonly entry = (value: PDFObject, key: PDFObject): void => {
    this.object(key);
    this.reserve(1);
    this.buffer[this.position++] = SPACE;
    this.object(value);
    this.reserve(1);
    this.buffer[this.position++] = NEWLINE;
  };

  private dict(dict: PDFDict): void {
    this.ascii('<<\n');
    // The dictionary's own map (`entries()` copies it into an array first), by forEach: no
    // [key, value] array per entry.
    (dict as unknown as { dict: Map<PDFObject, PDFObject> }).dict.forEach(this.entry);
    this.ascii('>>');
  }

  /** The bytes written since the last reset (a view: valid until the next write). */
  written(): Uint8Array {
    return this.buffer.subarray(0, this.position);
  }
}
