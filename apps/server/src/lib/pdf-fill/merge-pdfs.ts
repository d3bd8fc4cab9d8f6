import { PDFDocument } from '@cantoo/pdf-lib';
import {
  readPermissions,
  saveEncrypted,
  type PdfPermissions,
} from '../../pdf/objects/pdf-encrypt.ts';

/**
 * One PDF with every page of `documents`, in order. Expects flattened forms: pages are copied
 * with their content and annotations, but form fields of several documents cannot share one
 * AcroForm (the same field name in two templates would show one value).
 */
export async function mergePdfs(documents: readonly Uint8Array[]): Promise<Uint8Array> {
  const merged = await PDFDocument.create();
  let permissions: PdfPermissions | null = null;
  for (const bytes of documents) {
    // Forms of encrypted templates are encrypted (empty user password) with their restrictions.
    const source = await PDFDocument.load(bytes, { updateMetadata: false, password: '' });
    const restricted = readPermissions(bytes, source);
    if (restricted !== null) {
      // Every restriction of every source holds for the whole merged file.
      permissions = permissions === null ? restricted : permissions & restricted;
    }
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) {
      merged.addPage(page);
    }
  }
  return permissions === null
    ? merged.save({ objectsPerTick: Number.POSITIVE_INFINITY })
    : saveEncrypted(merged, permissions);
}
