import {
  PDFArray,
  PDFRef,
  PDFContext,
  PDFDict,
  PDFDocument,
  PDFRawStream,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { extendBase, incrementalBase, type IncrementalBase } from './fill-incremental.ts';
import { sharedFont } from '../fonts/fonts-shared.ts';
import type { PdfPermissions } from '../objects/pdf-encrypt.ts';
import { updateEncryption } from '../objects/pdf-encrypt-update.ts';
import {
  membersOfStreamsRepeatingKeys,
  objectsRepeatingKeys,
} from '../objects/pdf-duplicate-keys.ts';
import { readXrefBase, type XrefBase } from '../objects/pdf-xref.ts';
import { dropUnreachable } from '../objects/pdf-reachable.ts';
import { loadPdf } from '../prepare/prepare-load.ts';
import { stripScripts } from '../prepare/prepare-scripts.ts';
import { mayCarryScripts } from '../prepare/script-markers.ts';

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
  /** The template's bytes: read by pdf.js only to count a page's letters (fill-page-direction). */
  readonly bytes: Uint8Array;
  /**
   * The template's bytes when each fill can be appended to them as an incremental update:
   * a cross-reference chain that is clean and lists what pdf-lib parsed, and either no
   * encryption or one an update can repeat (pdf-encrypt-update.ts).
   */
  readonly base: IncrementalBase | null;
  /**
   * `base` plus an update adding the shared DejaVu subset (fonts-shared.ts) at `fontRef`: the
   * base of every fill that draws text with it, so a record's update holds no font.
   */
  readonly fontBase: { readonly base: IncrementalBase; readonly fontRef: PDFRef } | null;
}

async function withSharedFont(base: IncrementalBase): Promise<TemplatePlan['fontBase']> {
  const objects = (await sharedFont()).objects(PDFContext.create(), base.xref.size);
  const first = objects[0];
  const extended = first ? extendBase(base, objects) : null;
  return extended && first ? { base: extended, fontRef: first[0] } : null;
}

/**
 * Drops the objects an incremental update of the template superseded. pdf-lib scans the file
 * and keeps every generation of a reused object number (`12 0 obj` of the first revision and
 * the `12 1 obj` that replaced it); written out together they made the output's cross-reference
 * table wrong from that number on (68 of 224 entries on one form), so poppler and pdf.js showed
 * ticked boxes as empty. The chain says which generation is current; without a readable chain
 * the newest generation stays, as a reader repairing the file would take it.
 */
function dropSuperseded(context: PDFContext, xref: XrefBase | null): void {
  const newest = new Map<number, number>();
  const refs: PDFRef[] = [];
  for (const [ref] of context.enumerateIndirectObjects()) {
    refs.push(ref);
    const generation = newest.get(ref.objectNumber);
    newest.set(ref.objectNumber, Math.max(generation ?? 0, ref.generationNumber));
  }
  for (const ref of refs) {
    const current = xref?.inUse.get(ref.objectNumber) ?? newest.get(ref.objectNumber);
    if (current !== undefined && current !== ref.generationNumber) {
      context.delete(ref);
    }
  }
}

/**
 * `base`, plus an update rewriting its objects that name a dictionary key twice as pdf-lib read
 * them (the last occurrence, as qpdf takes it): left in the template's bytes they made every
 * output fail `qpdf --check` (de_phsg_bds_aufnahmeantrag_2019's widgets repeat /F), and readers
 * disagree on which occurrence counts. The base as it is when the update would not read back.
 */
function withoutRepeatedKeys(base: IncrementalBase, context: PDFContext): IncrementalBase {
  const objects: Array<[PDFRef, PDFObject]> = [];
  const numbers = [
    ...objectsRepeatingKeys(base.bytes, base.xref.offsets),
    // Members of object streams too, unless encrypted (their data would need decrypting).
    ...(base.xref.encrypt ? [] : membersOfStreamsRepeatingKeys(base.bytes, base.xref)),
  ];
  for (const number of numbers) {
    const ref = PDFRef.of(number, base.xref.inUse.get(number) ?? 0);
    const object = context.lookup(ref);
    if (object !== undefined) {
      objects.push([ref, object]);
    }
  }
  return objects.length === 0 ? base : (extendBase(base, objects) ?? base);
}

const pageNodes = (doc: PDFDocument) => doc.getPages().map((page) => page.node);

/** Parses `bytes` into a reusable plan; throws PdfFillError like `fillForm`. */
export async function planTemplate(bytes: Uint8Array): Promise<TemplatePlan> {
  const { doc, notes, permissions } = await loadPdf(bytes);
  const xref = readXrefBase(bytes);
  dropSuperseded(doc.context, xref);
  // A template stored before uploads removed scripts (and kept by the sweep) still has them:
  // its forms are rewritten whole without them, as an update would carry them along (issue 35).
  const hadScripts =
    mayCarryScripts(bytes) &&
    stripScripts(doc.context, doc.catalog, pageNodes(doc), () => undefined) > 0;
  if (hadScripts) {
    dropUnreachable(doc.context);
  }
  // An encrypted template keeps its own encryption in every update, when it can be reproduced.
  const encryption = xref && permissions !== null ? await updateEncryption(bytes, xref) : null;
  const first = xref && !hadScripts ? incrementalBase(bytes, xref, doc.context, encryption) : null;
  const base = first && withoutRepeatedKeys(first, doc.context);
  const fontBase = base ? await withSharedFont(base) : null;
  return { pristine: doc, notes, permissions, byteLength: bytes.byteLength, bytes, base, fontBase };
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

type DictMap = Map<ReturnType<PDFDict['keys']>[number], PDFObject>;

/** Keeps the dictionary's class (catalog, page tree node, page leaf) and its own fields. */
function copyDict(dict: PDFDict, context: PDFContext): PDFDict {
  // The dictionary's own map (`entries()` copies it into an array first), copied natively;
  // then only its dictionaries, arrays and streams are replaced by copies.
  const own = (dict as unknown as { dict: DictMap }).dict;
  const entries: DictMap = new Map(own);
  own.forEach((value, key) => {
    if (value instanceof PDFDict || value instanceof PDFArray || value instanceof PDFRawStream) {
      entries.set(key, copyObject(value, context));
    }
  });
  if (Object.getPrototypeOf(dict) === PDFDict.prototype) {
    const copy = PDFDict.fromMapWithContext(entries, context);
    copy.suppressEncryption = dict.suppressEncryption;
    return copy;
  }
  const copy = Object.assign(Object.create(Object.getPrototypeOf(dict) as object) as PDFDict, dict);
  Object.assign(copy, { dict: entries, context });
  return copy;
}

/**
 * The object table of a lazily copied document: an object is copied from the template the
 * first time it is looked up, so a fill that touches its form's objects never copies the page
 * contents, fonts and images. Listing every entry (a full save) copies the rest first.
 */
class CopyOnRead extends Map<PDFRef, PDFObject> {
  private readonly deleted = new Set<PDFRef>();

  private readonly source: PDFContext;
  private readonly context: PDFContext;

  constructor(source: PDFContext, context: PDFContext) {
    super();
    this.source = source;
    this.context = context;
  }

  override get(ref: PDFRef): PDFObject | undefined {
    const copied = super.get(ref);
    if (copied !== undefined || this.deleted.has(ref)) {
      return copied;
    }
    const original = this.source.lookup(ref);
    if (original === undefined) {
      return undefined;
    }
    const copy = copyObject(original, this.context);
    super.set(ref, copy);
    return copy;
  }

  /** The copy when there is one, else the template's own object: see `peek` (prepare-objects.ts). */
  peek(ref: PDFRef): PDFObject | undefined {
    const copied = super.get(ref);
    if (copied !== undefined || this.deleted.has(ref)) {
      return copied;
    }
    return this.source.lookup(ref);
  }

  override has(ref: PDFRef): boolean {
    return this.get(ref) !== undefined;
  }

  override delete(ref: PDFRef): boolean {
    const had = this.has(ref);
    this.deleted.add(ref);
    super.delete(ref);
    return had;
  }

  override set(ref: PDFRef, object: PDFObject): this {
    this.deleted.delete(ref);
    return super.set(ref, object);
  }

  override entries(): MapIterator<[PDFRef, PDFObject]> {
    for (const [ref] of this.source.enumerateIndirectObjects()) {
      this.get(ref);
    }
    return super.entries();
  }

  /** The objects looked up or assigned so far: the only ones a fill can have changed. */
  touched(): Array<[PDFRef, PDFObject]> {
    return [...super.entries()];
  }
}

/** Objects of a document from `documentFromPlan(plan, true)` that a fill may have changed. */
export function touchedObjects(context: PDFContext): Array<[PDFRef, PDFObject]> | null {
  const table = (context as unknown as { indirectObjects: unknown }).indirectObjects;
  return table instanceof CopyOnRead ? table.touched() : null;
}

/**
 * A fresh document with its own copy of every object of the plan's template; with `lazily`,
 * objects are copied when first looked up (see CopyOnRead).
 */
export function documentFromPlan(plan: TemplatePlan, lazily = false): PDFDocument {
  const source = plan.pristine.context;
  const context = PDFContext.create();
  context.header = source.header;
  context.isDecrypted = source.isDecrypted;
  context.pdfFileDetails = { ...source.pdfFileDetails };
  if (lazily) {
    Object.assign(context, { indirectObjects: new CopyOnRead(source, context) });
  } else {
    for (const [ref, object] of source.enumerateIndirectObjects()) {
      context.assign(ref, copyObject(object, context));
    }
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
