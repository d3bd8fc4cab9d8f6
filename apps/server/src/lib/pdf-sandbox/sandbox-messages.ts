import type { DetectedTemplate, PdfInputErrorReason } from '../../pdf/detect-types.ts';
import type { ReadSheet, SheetFormat, SheetRefusal } from '../../sheets/read-sheet.ts';

// The messages between the sandbox pool and its worker threads. Errors travel as data: class
// identity does not survive postMessage.

export type SandboxRequest =
  | { type: 'analyse'; id: number; bytes: Uint8Array; labels: boolean }
  | { type: 'sheet'; id: number; bytes: Uint8Array; format: SheetFormat; maxRows: number };

export type SandboxResponse =
  | { type: 'analysed'; id: number; detected: DetectedTemplate; repaired: Uint8Array | null }
  /** The file is not a usable PDF (not one, damaged, locked, XFA-only). */
  | { type: 'input-error'; id: number; reason: PdfInputErrorReason }
  | { type: 'sheet'; id: number; sheet: ReadSheet }
  /** The spreadsheet is not readable or went past a sheet limit. */
  | { type: 'sheet-refused'; id: number; refusal: SheetRefusal }
  /** A safety limit stopped the work; `why` completes "… could not be processed safely: ". */
  | { type: 'unsafe'; id: number; why: string };
