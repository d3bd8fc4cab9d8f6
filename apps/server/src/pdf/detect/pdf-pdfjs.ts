// Opening PDFs with pdfjs-dist on the server: in-thread ("fake") worker, no eval, no system or
// web fonts, silent, and always destroyed.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  getDocument,
  GlobalWorkerOptions,
  PasswordException,
  VerbosityLevel,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PdfInputError } from './detect-errors.ts';

type DocumentInit = Parameters<typeof getDocument>[0];

const require = createRequire(import.meta.url);
const PDFJS_ROOT = dirname(require.resolve('pdfjs-dist/package.json'));

// Node has no Web Worker: pdfjs then runs its worker code in this thread. Pointing workerSrc at
// the legacy worker file makes that explicit instead of relying on pdfjs' relative default.
GlobalWorkerOptions.workerSrc ||= pathToFileURL(
  join(PDFJS_ROOT, 'legacy/build/pdf.worker.mjs'),
).href;

/** Default time budget for one document; pdfjs yields often enough for a timer to fire. */
export const DEFAULT_PDF_TIMEOUT_MS = 20_000;

function documentParams(bytes: Uint8Array): DocumentInit {
  const params: DocumentInit & { isEvalSupported: boolean } = {
    // pdfjs transfers the buffer to its worker side; copy so the caller's bytes stay intact.
    data: bytes.slice(),
    verbosity: VerbosityLevel.ERRORS, // 0: no console output
    // pdfjs 6 no longer has an eval code path; the flag is kept in case an older build is used.
    isEvalSupported: false,
    disableFontFace: true,
    // Fonts keep their real names ("ABCDEF+Wingdings-Regular"): the field finder reads a
    // symbol font's box glyphs by the font they are set in.
    fontExtraProperties: true,
    useSystemFonts: false,
    // Local files only (never the network): width tables for the standard 14 fonts and CMaps
    // for CJK text, both used by getTextContent() for labels.
    standardFontDataUrl: `${join(PDFJS_ROOT, 'standard_fonts')}/`,
    cMapUrl: `${join(PDFJS_ROOT, 'cmaps')}/`,
    cMapPacked: true,
    useWorkerFetch: false,
    useWasm: false,
    enableXfa: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    stopAtErrors: false,
  };
  return params;
}

/** Map a pdfjs loading error to the user-facing classification. */
export function classifyPdfjsError(error: unknown): PdfInputError {
  if (error instanceof PdfInputError) {
    return error;
  }
  if (
    error instanceof PasswordException ||
    (error instanceof Error && error.name === 'PasswordException')
  ) {
    return new PdfInputError('password', { cause: error });
  }
  // InvalidPDFException, FormatError, UnknownErrorException, ...: all mean the bytes are unusable.
  return new PdfInputError('damaged', { cause: error });
}

/**
 * Open `bytes` with pdfjs, run `work` on the document and always destroy it. Loading failures
 * become PdfInputError; so does running out of `timeoutMs`. Errors thrown by `work` propagate.
 */
export async function withPdfjsDocument<T>(
  bytes: Uint8Array,
  work: (doc: PDFDocumentProxy) => Promise<T>,
  timeoutMs: number = DEFAULT_PDF_TIMEOUT_MS,
): Promise<T> {
  const task = getDocument(documentParams(bytes));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new PdfInputError('damaged', { cause: new Error('timed out') })),
      timeoutMs,
    );
  });
  try {
    let doc: PDFDocumentProxy;
    try {
      doc = await Promise.race([task.promise, timeout]);
    } catch (error) {
      throw classifyPdfjsError(error);
    }
    return await Promise.race([work(doc), timeout]);
  } finally {
    clearTimeout(timer);
    await task.destroy().catch(() => undefined);
  }
}
