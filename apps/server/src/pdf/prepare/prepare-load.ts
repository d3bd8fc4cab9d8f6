import { PDFDocument, PDFInvalidObject, PDFName, PDFRawStream } from '@cantoo/pdf-lib';
import type { PDFObject } from '@cantoo/pdf-lib';
import { readPermissions, type PdfPermissions } from '../objects/pdf-encrypt.ts';
import { asDict, getDict, pdfName } from './prepare-objects.ts';

/** Thrown when a PDF cannot be filled at all (unreadable, or protected by a real password). */
export class PdfFillError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PdfFillError';
  }
}

export interface LoadedPdf {
  doc: PDFDocument;
  /** What was done to the document on the way in (decryption, XFA removal). */
  notes: string[];
  /** The permissions of an encrypted file, which the output is encrypted with again. */
  permissions: PdfPermissions | null;
}

/** The fill report's note for an encrypted template. */
export const ENCRYPTED_NOTE =
  "decrypted (empty user password) and encrypted again with the template's restrictions";

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

let nameFixInstalled = false;

/**
 * pdf-lib decodes `#xx` escapes in names only with upper-case hex digits, so a name written
 * `/#e5#a5#b3#e6#80#a7` (UTF-8 "女性", as pdfcpu writes it) is read half-decoded and written
 * back as a different name, which pdftk and others then misread. Upper-casing the escapes
 * before pdf-lib decodes them makes every name round-trip byte for byte. Installed once,
 * process-wide: it only makes pdf-lib follow the PDF specification (and remember the text of
 * each name).
 */
function installPdfNameFix(): void {
  if (nameFixInstalled) {
    return;
  }
  nameFixInstalled = true;
  // Names are pooled and immutable, but decodeText() rebuilds the bytes of the name on every
  // call, and a fill asks for the same few state and type names many times over.
  const { decodeText } = PDFName.prototype as { decodeText: (this: PDFName) => string };
  const texts = new WeakMap<PDFName, string>();
  PDFName.prototype.decodeText = function decodeTextOnce(this: PDFName): string {
    let text = texts.get(this);
    if (text === undefined) {
      text = decodeText.call(this);
      texts.set(this, text);
    }
    return text;
  };
  const of = PDFName.of;
  PDFName.of = (name: string): PDFName =>
    of(
      name.includes('#')
        ? name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => `#${hex.toUpperCase()}`)
        : name,
    );
}

/**
 * Parses a PDF for filling. Files encrypted with an empty user password (owner password only)
 * are decrypted, and their permissions kept to encrypt the output with; a file that needs a
 * real password is refused with a clear error.
 */
export async function loadPdf(bytes: Uint8Array): Promise<LoadedPdf> {
  installPdfNameFix();
  const notes: string[] = [];
  let doc: PDFDocument;
  try {
    // password '' makes pdf-lib decrypt (and only when the file is encrypted);
    // updateMetadata false keeps the producer's Info dictionary as it was.
    doc = await PDFDocument.load(bytes, {
      password: '',
      updateMetadata: false,
      parseSpeed: Number.POSITIVE_INFINITY,
    });
  } catch (error) {
    const message = errorMessage(error);
    if (/NEEDS PASSWORD/i.test(message)) {
      throw new PdfFillError('The PDF is protected by a password and cannot be filled');
    }
    throw new PdfFillError(`The PDF could not be read: ${message}`);
  }
  if (doc.isEncrypted) {
    throw new PdfFillError('The PDF is encrypted in a way that cannot be decrypted');
  }
  if (doc.getPageCount() === 0) {
    throw new PdfFillError('The PDF has no pages');
  }
  // pdf-lib drops /Encrypt from the trailer after decrypting: read it from the raw bytes.
  const permissions = readPermissions(bytes, doc);
  if (permissions !== null) {
    notes.push(ENCRYPTED_NOTE);
  }
  dropStaleStructure(doc);
  return { doc, notes, permissions };
}

/**
 * pdf-lib keeps the file's old object streams and cross-reference streams as ordinary
 * objects and writes them out again: dead weight, and the old xref streams still carry
 * /Encrypt, so a reader that trusts them (pdf-lib itself) takes the decrypted output for an
 * encrypted file. Their contents are already parsed, so they can go.
 */
function dropStaleStructure(doc: PDFDocument): void {
  const { context } = doc;
  const type = pdfName('Type');
  const stale = new Set([pdfName('XRef'), pdfName('ObjStm')]);
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    const kind = object instanceof PDFRawStream ? object.dict.get(type) : undefined;
    if ((kind instanceof PDFName && stale.has(kind)) || isUnparsedXrefStream(object)) {
      context.delete(ref);
    }
  }
}

// When decrypting, pdf-lib also "decrypts" the (never encrypted) xref streams, fails to parse
// them and keeps their raw bytes, /Encrypt included.
function isUnparsedXrefStream(object: PDFObject): boolean {
  if (!(object instanceof PDFInvalidObject)) {
    return false;
  }
  const bytes = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return /\/Type\s*\/XRef\b/.test(Buffer.from(bytes.subarray(0, 4096)).toString('latin1'));
}

/**
 * Removes the XFA half of hybrid forms (viewers that understand XFA would otherwise show the
 * XFA data, not our AcroForm values) and the usage-rights signature our changes invalidate.
 * Only for hybrids: in an XFA-only form the XFA is the whole form.
 */
export function stripXfa(doc: PDFDocument, notes: string[]): void {
  const { context, catalog } = doc;
  const acroForm = getDict(context, catalog, 'AcroForm');
  if (acroForm?.has(pdfName('XFA'))) {
    acroForm.delete(pdfName('XFA'));
    notes.push('removed the XFA form so viewers show the AcroForm values');
  }
  catalog.delete(pdfName('NeedsRendering'));
  const perms = asDict(context, catalog.get(pdfName('Perms')));
  if (perms) {
    perms.delete(pdfName('UR'));
    perms.delete(pdfName('UR3'));
    if (perms.keys().length === 0) {
      catalog.delete(pdfName('Perms'));
    }
  }
}
