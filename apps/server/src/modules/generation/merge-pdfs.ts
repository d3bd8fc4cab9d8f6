import { PDFDocument } from '@cantoo/pdf-lib';

/**
 * One PDF with every page of `documents`, in order. Expects flattened forms: pages are copied
 * with their content and annotations, but form fields of several documents cannot share one
 * AcroForm (the same field name in two templates would show one value).
 */
export async function mergePdfs(documents: readonly Uint8Array[]): Promise<Uint8Array> {
  const merged = await PDFDocument.create();
  for (const bytes of documents) {
    const source = await PDFDocument.load(bytes, { updateMetadata: false });
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) {
      merged.addPage(page);
    }
  }
  return merged.save({ objectsPerTick: Number.POSITIVE_INFINITY });
}
