import {
  PDFArray,
  PDFBool,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFStream,
  PDFString,
} from '@cantoo/pdf-lib';
import type { PDFContext, PDFObject } from '@cantoo/pdf-lib';
import { decodePdfName } from '@formbridge/contract/pdf-names';

// Small, total (never throwing) accessors over pdf-lib's object model. pdf-lib's own
// `lookup(key, Type)` throws on a type mismatch, and real-world forms are full of those.

// PDFName.of decodes its argument on every call before looking up pdf-lib's pool; the keys this
// code asks for are a few dozen constants, asked for millions of times.
const namesByKey = new Map<string, PDFName>();

/** A PDF name object (pdf-lib pools them; plain keys are also cached here). */
export function pdfName(name: string): PDFName {
  let found = namesByKey.get(name);
  if (!found) {
    found = PDFName.of(name);
    // Escaped names are left to PDFName.of (prepare-load.ts patches how it reads escapes).
    if (!name.includes('#') && namesByKey.size < 10_000) {
      namesByKey.set(name, found);
    }
  }
  return found;
}

/** Follows an indirect reference; returns other objects unchanged. */
export function resolve(context: PDFContext, object: PDFObject | undefined): PDFObject | undefined {
  return object instanceof PDFRef ? context.lookup(object) : object;
}

type PeekableTable = { peek?: (ref: PDFRef) => PDFObject | undefined };

/**
 * What `object` points to, for reading only. In a fill's copy-on-read document (fill-plan.ts)
 * an object not looked up yet is the template's own, shared by every later fill: it is returned
 * as it is, not copied, so whatever is reached from the result must never be changed. Saves
 * the copy, and the comparison that finds it unchanged when the update is written.
 */
export function peek(context: PDFContext, object: PDFObject | undefined): PDFObject | undefined {
  if (!(object instanceof PDFRef)) {
    return object;
  }
  const table = (context as unknown as { indirectObjects: PeekableTable }).indirectObjects;
  return table.peek ? table.peek(object) : context.lookup(object);
}

/** The dictionary `object` is or points to (a stream's dictionary is not returned). */
export function asDict(context: PDFContext, object: PDFObject | undefined): PDFDict | undefined {
  const resolved = resolve(context, object);
  return resolved instanceof PDFDict ? resolved : undefined;
}

/** `dict[key]` as a dictionary. */
export function getDict(context: PDFContext, dict: PDFDict, key: string): PDFDict | undefined {
  return asDict(context, dict.get(pdfName(key)));
}

/** `dict[key]` as an array. */
export function getArray(context: PDFContext, dict: PDFDict, key: string): PDFArray | undefined {
  const resolved = resolve(context, dict.get(pdfName(key)));
  return resolved instanceof PDFArray ? resolved : undefined;
}

/** `dict[key]` as a stream. */
export function getStream(context: PDFContext, dict: PDFDict, key: string): PDFStream | undefined {
  const resolved = resolve(context, dict.get(pdfName(key)));
  return resolved instanceof PDFStream ? resolved : undefined;
}

/** `dict[key]` as a name. */
export function getName(context: PDFContext, dict: PDFDict, key: string): PDFName | undefined {
  const resolved = resolve(context, dict.get(pdfName(key)));
  return resolved instanceof PDFName ? resolved : undefined;
}

/** `dict[key]` as a number. */
export function getNumber(context: PDFContext, dict: PDFDict, key: string): number | undefined {
  const resolved = resolve(context, dict.get(pdfName(key)));
  return resolved instanceof PDFNumber ? resolved.asNumber() : undefined;
}

/** `dict[key]` as a boolean. */
export function getBool(context: PDFContext, dict: PDFDict, key: string): boolean | undefined {
  const resolved = resolve(context, dict.get(pdfName(key)));
  return resolved instanceof PDFBool ? resolved.asBoolean() : undefined;
}

// String objects are immutable and a template's are shared by every fill's copy of it, so each
// (field names above all, hex-encoded UTF-16 in many forms) is decoded once, not once per fill.
const textByString = new WeakMap<PDFString | PDFHexString, string>();

/** Decodes a text object (literal or hex string, or a name) to a JS string. */
export function objectText(context: PDFContext, object: PDFObject | undefined): string | undefined {
  const resolved = resolve(context, object);
  if (resolved instanceof PDFString || resolved instanceof PDFHexString) {
    let text = textByString.get(resolved);
    if (text === undefined) {
      text = resolved.decodeText();
      textByString.set(resolved, text);
    }
    return text;
  }
  if (resolved instanceof PDFName) {
    return nameText(resolved);
  }
  return undefined;
}

/** `dict[key]` decoded as text. */
export function getText(context: PDFContext, dict: PDFDict, key: string): string | undefined {
  return objectText(context, dict.get(pdfName(key)));
}

/** The array's items, resolved. */
export function arrayItems(context: PDFContext, array: PDFArray | undefined): PDFObject[] {
  if (!array) {
    return [];
  }
  const items: PDFObject[] = [];
  for (let index = 0; index < array.size(); index += 1) {
    const item = resolve(context, array.get(index));
    if (item) {
      items.push(item);
    }
  }
  return items;
}

/** The numbers of an array such as /Rect or /BBox, or undefined if any item isn't a number. */
export function numberArray(
  context: PDFContext,
  array: PDFArray | undefined,
): number[] | undefined {
  if (!array) {
    return undefined;
  }
  const numbers: number[] = [];
  for (let index = 0; index < array.size(); index += 1) {
    const item = resolve(context, array.get(index));
    // Unresolvable items are skipped, as `arrayItems` does.
    if (item !== undefined) {
      if (!(item instanceof PDFNumber)) {
        return undefined;
      }
      numbers.push(item.asNumber());
    }
  }
  return numbers;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');
const shiftJis = new TextDecoder('shift_jis', { fatal: true });

function nameBytes(name: PDFName): Uint8Array {
  return name.asBytes();
}

/**
 * A name as readable text: UTF-8 when the bytes are valid UTF-8 (PDF 2.0's rule),
 * else Windows-1252, which is what most older producers meant.
 */
export function nameText(name: PDFName): string {
  let text = textByName.get(name);
  if (text === undefined) {
    const bytes = nameBytes(name);
    try {
      text = utf8.decode(bytes);
    } catch {
      text = windows1252.decode(bytes);
    }
    textByName.set(name, text);
  }
  return text;
}

// Names are pooled and immutable: each is read once per process.
const textByName = new WeakMap<PDFName, string>();

/**
 * Every plausible reading of a name, for matching what a user typed against state names
 * written in an unknown encoding (UTF-8, Windows-1252, Latin-1 and Shift-JIS are all seen).
 */
export function nameVariants(name: PDFName): readonly string[] {
  let variants = variantsByName.get(name);
  if (!variants) {
    variants = readingsOf(name);
    variantsByName.set(name, variants);
  }
  return variants;
}

// Names are pooled and immutable, so their readings are worked out once per process.
const variantsByName = new WeakMap<PDFName, string[]>();

function readingsOf(name: PDFName): string[] {
  const bytes = nameBytes(name);
  // Not TextDecoder('latin1'): WHATWG maps that label to Windows-1252.
  const raw = Buffer.from(bytes).toString('latin1');
  // decodePdfName: the readable text detection shows (`#2320` escaped twice, octal `\040`).
  const variants = new Set<string>([
    nameText(name),
    raw,
    windows1252.decode(bytes),
    decodePdfName(nameText(name)),
  ]);
  // How pdftk prints such names: bytes above 0x7F as #xx escapes.
  variants.add(raw.replace(/[\x80-\xff]/g, (char) => `#${char.charCodeAt(0).toString(16)}`));
  const strict = [shiftJis, utf8];
  // Some producers (pdfcpu) escape UTF-8 bytes twice, leaving literal "#e5#a5..." in the name.
  const unescaped = raw.replace(/#([0-9a-f]{2})/gi, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  for (const decoder of strict) {
    for (const candidate of new Set([bytes, latin1Bytes(unescaped)])) {
      try {
        variants.add(decoder.decode(candidate));
      } catch {
        // Not valid in this encoding: nothing to add.
      }
    }
  }
  return [...variants];
}

function latin1Bytes(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff);
}

/** A text string object for `value`: a literal for plain ASCII, else UTF-16 hex. */
export function pdfText(value: string): PDFString | PDFHexString {
  if (/^[\x20-\x7e]*$/.test(value)) {
    return PDFString.of(value.replace(/[\\()]/g, (char) => `\\${char}`));
  }
  return PDFHexString.fromText(value);
}

/** Walks /Parent links from `dict` (itself first), stopping at loops. */
export function* ancestry(context: PDFContext, dict: PDFDict): Generator<PDFDict> {
  const seen = new Set<PDFDict>();
  let current: PDFDict | undefined = dict;
  while (current && !seen.has(current) && seen.size < 64) {
    seen.add(current);
    yield current;
    current = getDict(context, current, 'Parent');
  }
}

// The nodes `inherited` has walked so far: a field tree is a few levels deep, so a scan of
// them finds a loop sooner than a Set is built (it runs for every attribute of every field).
const walked: PDFDict[] = [];

/** An inheritable field attribute (/FT, /Ff, /DA, /Q, /V, /Opt, /MaxLen ...). */
export function inherited(context: PDFContext, dict: PDFDict, key: string): PDFObject | undefined {
  const name = pdfName(key);
  const parent = pdfName('Parent');
  walked.length = 0;
  // The same walk as `ancestry`: itself first, at most 64 nodes, stopping at a loop.
  let current: PDFDict | undefined = dict;
  while (current && walked.length < 64 && !walked.includes(current)) {
    const value = current.get(name);
    if (value !== undefined) {
      walked.length = 0;
      return resolve(context, value);
    }
    walked.push(current);
    current = asDict(context, current.get(parent));
  }
  walked.length = 0;
  return undefined;
}
