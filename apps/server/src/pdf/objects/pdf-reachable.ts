import { PDFArray, PDFDict, PDFRef, PDFStream } from '@cantoo/pdf-lib';
import type { PDFContext, PDFObject } from '@cantoo/pdf-lib';

/**
 * Deletes every indirect object that the trailer (/Root, /Info, /Encrypt) does not reach, so a
 * full rewrite leaves out what was cut loose (a removed script stays in the file otherwise, one
 * reference away from being run by a tool that scans objects). Returns how many were deleted.
 */
export function dropUnreachable(context: PDFContext): number {
  const reached = new Set<PDFRef>();
  const { Root, Info, Encrypt } = context.trailerInfo;
  const stack: PDFObject[] = [Root, Info, Encrypt].filter((item) => item !== undefined);
  while (stack.length > 0) {
    const object = stack.pop()!;
    if (object instanceof PDFRef) {
      if (!reached.has(object)) {
        reached.add(object);
        const target = context.lookup(object);
        if (target !== undefined) {
          stack.push(target);
        }
      }
    } else if (object instanceof PDFDict) {
      stack.push(...object.values());
    } else if (object instanceof PDFArray) {
      stack.push(...object.asArray());
    } else if (object instanceof PDFStream) {
      stack.push(object.dict);
    }
  }
  let dropped = 0;
  for (const [ref] of context.enumerateIndirectObjects()) {
    if (!reached.has(ref)) {
      context.delete(ref);
      dropped += 1;
    }
  }
  return dropped;
}
