import { randomBytes } from 'node:crypto';
import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFStream,
  PDFString,
} from '@cantoo/pdf-lib';
import type { PDFContext, PDFDocument, PDFObject } from '@cantoo/pdf-lib';

// Encrypted templates (an owner password with restrictions, an empty user password) give
// encrypted output with the same restrictions. Most are filled as an incremental update that keeps
// the template's own encryption (pdf-encrypt-update.ts); the rest (flattened forms, handlers it
// cannot reproduce) are rewritten whole here with AES-128 (R4), which pdftk, poppler, pdf.js and
// Acrobat all read. pdf-lib's own encrypt() encrypts streams only, so every string would be read
// back as garbage (field names blank): the strings are encrypted here with its per-object key.

/** The permission flags (/P) of an encrypted PDF's standard security handler. */
export type PdfPermissions = number;

// Print, fill in forms, extract for accessibility: what a file whose /P cannot be read keeps.
const FALLBACK_PERMISSIONS = 0xfffff0c0 | 0x4 | 0x100 | 0x200;

const ENCRYPT_KEY = /\/Encrypt\s*(?:(\d+)\s+(\d+)\s+R|(<<))/g;

/**
 * /P of `bytes` when the file is encrypted (read from the last trailer's /Encrypt, resolved in
 * the already decrypted `doc`), else null. The old encryption dictionary is dropped from `doc`,
 * and the link to the document information (title, author) that pdf-lib loses while decrypting
 * is put back.
 */
export function readPermissions(bytes: Uint8Array, doc: PDFDocument): PdfPermissions | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!buffer.includes('/Encrypt')) {
    return null;
  }
  // Trailers and cross-reference stream dictionaries are never compressed.
  const text = buffer.toString('latin1');
  const last = [...text.matchAll(ENCRYPT_KEY)].at(-1);
  if (!last) {
    return null;
  }
  if (last[3] !== undefined) {
    restoreInfo(text, doc);
    const direct = /\/P\s*(-?\d+)/.exec(text.slice(last.index, last.index + 2048));
    return direct ? Number(direct[1]) | 0 : FALLBACK_PERMISSIONS;
  }
  restoreInfo(text, doc);
  const ref = PDFRef.of(Number(last[1]), Number(last[2]));
  const dict = doc.context.lookup(ref);
  const p = dict instanceof PDFDict ? dict.get(PDFName.of('P')) : undefined;
  doc.context.delete(ref);
  return p instanceof PDFNumber ? p.asNumber() | 0 : FALLBACK_PERMISSIONS;
}

function restoreInfo(text: string, doc: PDFDocument): void {
  const { context } = doc;
  const last = [...text.matchAll(/\/Info\s*(\d+)\s+(\d+)\s+R/g)].at(-1);
  const ref = last ? PDFRef.of(Number(last[1]), Number(last[2])) : undefined;
  if (context.trailerInfo.Info === undefined && ref && context.lookup(ref) instanceof PDFDict) {
    context.trailerInfo.Info = ref;
  }
}

/** pdf-lib's permission switches for a /P value (ISO 32000-1, table 22). */
function userPermissions(p: PdfPermissions) {
  const has = (bit: number) => (p & (1 << (bit - 1))) !== 0;
  return {
    printing: has(12) ? ('highResolution' as const) : has(3) ? ('lowResolution' as const) : false,
    modifying: has(4),
    copying: has(5),
    annotating: has(6),
    fillingForms: has(9),
    contentAccessibility: has(10),
    documentAssembly: has(11),
  };
}

type EncryptFn = (bytes: Uint8Array) => Uint8Array;

/**
 * A copy of `object` with every string encrypted. Copies, not changes in place: a direct
 * dictionary may be shared by two objects, and each needs its own key.
 */
function encryptObject(object: PDFObject, encrypt: EncryptFn, context: PDFContext): PDFObject {
  if (object instanceof PDFString || object instanceof PDFHexString) {
    return PDFHexString.fromBytes(encrypt(object.asBytes()));
  }
  if (object instanceof PDFDict) {
    const copy = PDFDict.withContext(context);
    for (const [key, value] of object.entries()) {
      copy.set(key, encryptObject(value, encrypt, context));
    }
    return copy;
  }
  if (object instanceof PDFArray) {
    const copy = PDFArray.withContext(context);
    for (const item of object.asArray()) {
      copy.push(encryptObject(item, encrypt, context));
    }
    return copy;
  }
  return object;
}

/**
 * Saves `doc` encrypted with `permissions`, an empty user password and a random owner password
 * nobody holds, so the restrictions cannot be lifted. Call it last: nothing may change after.
 */
export async function saveEncrypted(
  doc: PDFDocument,
  permissions: PdfPermissions,
  options: { objectsPerTick?: number } = {},
): Promise<Uint8Array> {
  // Fonts and images are written into the document on flush: their strings need encrypting too.
  await doc.flush();
  doc.encrypt({
    userPassword: '',
    ownerPassword: randomBytes(24).toString('base64url'),
    permissions: userPermissions(permissions),
    algorithm: 'AES-128',
  });
  const { context } = doc;
  const security = context.security;
  const encryptRef = context.trailerInfo.Encrypt;
  if (!security) {
    throw new Error('pdf-lib did not set up encryption');
  }
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (ref === encryptRef) {
      continue;
    }
    const encrypt = security.getEncryptFn(ref.objectNumber, ref.generationNumber);
    if (object instanceof PDFStream) {
      // The contents are encrypted by pdf-lib as it writes them; the dictionary here.
      const dict = encryptObject(object.dict, encrypt, context) as PDFDict;
      for (const [key, value] of dict.entries()) {
        object.dict.set(key, value);
      }
    } else {
      context.assign(ref, encryptObject(object, encrypt, context));
    }
  }
  // Strings inside an object stream are not encrypted on their own, so no object streams.
  return doc.save({
    updateFieldAppearances: false,
    addDefaultPage: false,
    useObjectStreams: false,
    objectsPerTick: options.objectsPerTick ?? Number.POSITIVE_INFINITY,
  });
}
