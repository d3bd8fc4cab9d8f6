import type { DetectedTemplate, PdfInputErrorReason } from '../../pdf/detect-types.ts';

// The messages between the PDF sandbox pool and its worker threads. Errors travel as data:
// class identity does not survive postMessage.

export type SandboxRequest = { type: 'analyse'; id: number; bytes: Uint8Array; labels: boolean };

export type SandboxResponse =
  | { type: 'analysed'; id: number; detected: DetectedTemplate; repaired: Uint8Array | null }
  /** The file is not a usable PDF (not one, damaged, locked, XFA-only). */
  | { type: 'input-error'; id: number; reason: PdfInputErrorReason }
  /** A safety limit stopped the work; `why` completes "This PDF could not be processed safely: ". */
  | { type: 'unsafe'; id: number; why: string };
