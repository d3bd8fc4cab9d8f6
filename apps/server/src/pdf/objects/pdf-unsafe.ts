/** Prefix of every answer about a PDF that was stopped by a safety limit. */
export const UNSAFE_PDF_PREFIX = 'This PDF could not be processed safely';

/**
 * A PDF that hit a safety limit (decompressed size, memory, time) while being read. Its message
 * is safe to show the user (422 `unsafe_pdf`); `why` is the part after the prefix.
 */
export class PdfUnsafeError extends Error {
  readonly why: string;

  constructor(why: string) {
    super(`${UNSAFE_PDF_PREFIX}: ${why}`);
    this.name = 'PdfUnsafeError';
    this.why = why;
  }
}
