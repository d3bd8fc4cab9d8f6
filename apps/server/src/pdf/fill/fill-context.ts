import type { PDFContext, PDFDict, PDFDocument } from '@cantoo/pdf-lib';
import type { DocumentFonts } from '../fonts/fonts-document.ts';

/** Everything the field fillers need from the document being filled. */
export interface FillContext {
  doc: PDFDocument;
  context: PDFContext;
  acroForm: PDFDict | undefined;
  fonts: DocumentFonts;
  /** Pages poppler will read right to left (fill-page-direction.ts). */
  rtlPages?: ReadonlySet<PDFDict>;
  /** The template's bytes, read by pdf.js only for what the page prints (fill-page-rules.ts). */
  template?: Uint8Array;
}

/** What filling one field did: the value stored and how it was drawn. */
export interface FieldOutcome {
  written: string | null;
  font: string | null;
  fontSize: number | null;
  problems: string[];
  /** Informational lines (a signature field skipped), not problems. */
  notes?: string[];
  /** Left as it was on purpose (a rule, not a failure): never fails a generation. */
  skipped?: boolean;
}
