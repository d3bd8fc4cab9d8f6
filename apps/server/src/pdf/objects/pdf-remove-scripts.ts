import { PDFDocument } from '@cantoo/pdf-lib';
import { saveEncrypted } from './pdf-encrypt.ts';
import { loadForRepair } from './pdf-repair.ts';
import { dropUnreachable } from './pdf-reachable.ts';
import { hasPdfHeader, hasUsableTrailer } from './pdf-structure.ts';
import { stripScripts } from '../prepare/prepare-scripts.ts';
import { mayCarryScripts } from '../prepare/script-markers.ts';

/** A copy without scripts and how many were removed. */
export type ScriptFreePdf = { bytes: Uint8Array; removed: number };

/**
 * Returns a copy of the PDF without its JavaScript (prepare-scripts.ts) and nothing else changed:
 * the fields, their values and the pages stay as they are. Used for completed forms made before
 * uploads removed scripts, whose fields must not move as the upload repair may move a
 * template's. The copy is rewritten whole, so no earlier revision keeps the scripts. Null when
 * there is no script, or the file cannot be rewritten safely.
 */
export async function removeScripts(bytes: Uint8Array): Promise<ScriptFreePdf | null> {
  if (!hasPdfHeader(bytes) || !hasUsableTrailer(bytes) || !mayCarryScripts(bytes)) {
    return null;
  }
  try {
    const { doc, permissions } = await loadForRepair(bytes.slice());
    const pages = doc.getPages().map((page) => page.node);
    const removed = stripScripts(doc.context, doc.catalog, pages, () => undefined);
    if (removed === 0) {
      return null;
    }
    dropUnreachable(doc.context);
    const saved =
      permissions !== undefined && permissions !== null
        ? await saveEncrypted(doc, permissions)
        : await doc.save({ addDefaultPage: false, updateFieldAppearances: false, rewrite: true });
    // Check the result instead of trusting it: it must load.
    await PDFDocument.load(saved, { updateMetadata: false, password: '' });
    return { bytes: saved, removed };
  } catch {
    return null; // pdf-lib could not parse or write this file: never hand back a half-rewrite
  }
}
