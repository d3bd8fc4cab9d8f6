import {
  PDFArray,
  PDFContext,
  PDFDict,
  PDFDocument,
  PDFRawStream,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { incrementalBase, type IncrementalBase } from './fill-incremental.ts';
import type { PdfPermissions } from './pdf-encrypt.ts';
import { loadPdf } from './prepare-load.ts';

/**
 * A template parsed once (decrypted, stale structure dropped) and kept untouched: every fill
 * works on a deep copy of its objects instead of parsing the file again. Copying the object
 * graph costs a fraction of parsing it (the 6-page corpus form: ~2 ms against ~45 ms), and the
 * copy is independent, so concurrent or failed fills cannot leak into the next record.
 */
export interface TemplatePlan {
  readonly pristine: PDFDocument;
  /** Notes from loading (decryption), repeated in every fill's report. */
  readonly notes: readonly string[];
  /** The permissions of an encrypted template, which each output is encrypted with again. */
  readonly permissions: PdfPermissions | null;
  /** Size of the template file: the cache's cost estimate for the parsed graph. */
  readonly byteLength: number;
  /**
   * The template's bytes when each fill can be appended to them as an incremental update:
   * not encrypted, and a cross-reference chain that is clean and lists what pdf-lib parsed.
   */
  readonly base: IncrementalBase | null;
}

/** Parses `bytes` into a reusable plan; throws PdfFillError like `fillForm`. */
export async function planTemplate(bytes: Uint8Array): Promise<TemplatePlan> {
  const { doc, notes, permissions } = await loadPdf(bytes);
  const base = permissions === null ? incrementalBase(bytes, doc.context) : null;
  return { pristine: doc, notes, permissions, byteLength: bytes.byteLength, base };
}

/** A copy of `object` whose dictionaries and arrays belong to `context` and share nothing. */
function copyObject(object: PDFObject, context: PDFContext): PDFObject {
  if (object instanceof PDFDict) {
    return copyDict(object, context);
  }
  if (object instanceof PDFArray) {
    const copy = PDFArray.withContext(context);
    for (let index = 0; index < object.size(); index += 1) {
      // Not `push`: it reports a change to the context for incremental saves.
      (copy as unknown as { array: PDFObject[] }).array.push(
        copyObject(object.get(index), context),
      );
    }
    return copy;
  }
  if (object instanceof PDFRawStream) {
    // Stream contents are never changed in place (new appearances are new streams), so the
    // bytes are shared.
    return PDFRawStream.of(copyDict(object.dict, context), object.contents, object.transform);
  }
  // Names, numbers, strings, refs, booleans, null and invalid objects are immutable.
  return object;
}

/** Keeps the dictionary's class (catalog, page tree node, page leaf) and its own fields. */
function copyDict(dict: PDFDict, context: PDFContext): PDFDict {
  const entries = new Map<ReturnType<PDFDict['keys']>[number], PDFObject>();
  for (const [key, value] of dict.entries()) {
    entries.set(key, copyObject(value, context));
  }
  const copy = Object.assign(Object.create(Object.getPrototypeOf(dict) as object) as PDFDict, dict);
  Object.assign(copy, { dict: entries, context });
  return copy;
}

/** A fresh document with its own copy of every object of the plan's template. */
export function documentFromPlan(plan: TemplatePlan): PDFDocument {
  const source = plan.pristine.context;
  const context = PDFContext.create();
  context.header = source.header;
  context.isDecrypted = source.isDecrypted;
  context.pdfFileDetails = { ...source.pdfFileDetails };
  for (const [ref, object] of source.enumerateIndirectObjects()) {
    context.assign(ref, copyObject(object, context));
  }
  context.largestObjectNumber = source.largestObjectNumber;
  const { ID } = source.trailerInfo;
  context.trailerInfo = {
    ...source.trailerInfo,
    ...(ID ? { ID: copyObject(ID, context) } : {}),
  };
  // The constructor is private in the typings; load() calls it the same way after parsing.
  const Document = PDFDocument as unknown as new (
    context: PDFContext,
    ignoreEncryption: boolean,
    updateMetadata: boolean,
  ) => PDFDocument;
  return new Document(context, false, false);
}
