// The shared subset's PDF objects: taken out of the document pdf-lib embedded them in, without
// hinting, and renumbered into each document or base that uses them.
import { inflateSync } from 'node:zlib';
import {
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFStream,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { withoutHinting } from './fonts-unhinted.ts';

/** A copy of `object` for `context`, with references renumbered by `refs`. */
export function relocate(
  object: PDFObject,
  refs: Map<PDFRef, PDFRef>,
  context: PDFContext,
): PDFObject {
  if (object instanceof PDFRef) {
    return refs.get(object) ?? object;
  }
  if (object instanceof PDFDict) {
    const copy = PDFDict.withContext(context);
    for (const [key, value] of object.entries()) {
      copy.set(key, relocate(value, refs, context));
    }
    return copy;
  }
  if (object instanceof PDFArray) {
    const copy = PDFArray.withContext(context);
    for (let index = 0; index < object.size(); index += 1) {
      copy.push(relocate(object.get(index), refs, context));
    }
    return copy;
  }
  if (object instanceof PDFRawStream) {
    return PDFRawStream.of(relocate(object.dict, refs, context) as PDFDict, object.contents);
  }
  return object;
}

/** Objects reachable from `root` in `context`, root first; streams as raw (compressed) bytes. */
export function reachable(context: PDFContext, root: PDFRef): Array<[PDFRef, PDFObject]> {
  const found: Array<[PDFRef, PDFObject]> = [];
  const seen = new Set<PDFRef>();
  const visit = (object: PDFObject | undefined): void => {
    if (object instanceof PDFRef) {
      if (seen.has(object)) {
        return;
      }
      seen.add(object);
      let target = context.lookup(object);
      if (target instanceof PDFStream && !(target instanceof PDFRawStream)) {
        target.updateDict(); // Sets /Length from the (once) deflated contents.
        target = PDFRawStream.of(target.dict, target.getContents());
      }
      if (target) {
        found.push([object, target]);
        visit(target);
      }
    } else if (object instanceof PDFDict) {
      object.values().forEach(visit);
    } else if (object instanceof PDFArray) {
      object.asArray().forEach(visit);
    } else if (object instanceof PDFRawStream) {
      visit(object.dict);
    }
  };
  visit(root);
  return found;
}

/** Replaces the embedded font program under the Type0 font at `fontRef` by an unhinted one. */
export function dropHinting(context: PDFContext, fontRef: PDFRef): void {
  const descendant = context
    .lookup(fontRef, PDFDict)
    .lookup(PDFName.of('DescendantFonts'), PDFArray)
    .lookup(0, PDFDict);
  const file = descendant
    .lookup(PDFName.of('FontDescriptor'), PDFDict)
    .get(PDFName.of('FontFile2'));
  const stream = file instanceof PDFRef ? context.lookup(file) : undefined;
  if (file instanceof PDFRef && stream instanceof PDFRawStream) {
    const program = new Uint8Array(inflateSync(stream.contents));
    context.assign(file, context.flateStream(withoutHinting(program)));
  }
}
