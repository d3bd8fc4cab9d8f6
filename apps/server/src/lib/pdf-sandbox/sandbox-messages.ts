import type { EditorField } from '@formbridge/contract/field-candidates';
import type { DetectedTemplate, PdfInputErrorReason } from '../../pdf/detect/detect-types.ts';
import type { ReadSheet, SheetFormat, SheetRefusal } from '../../sheets/read-sheet.ts';
import type { FoundFields } from '../../pdf/find-fields/find-types.ts';

// The messages between the sandbox pool and its worker threads. Errors travel as data: class
// identity does not survive postMessage.

export type SandboxRequest =
  | { type: 'analyse'; id: number; bytes: Uint8Array; labels: boolean }
  | { type: 'sheet'; id: number; bytes: Uint8Array; format: SheetFormat; maxRows: number }
  /** Propose fields from the page content (issue 29). */
  | { type: 'find-fields'; id: number; bytes: Uint8Array }
  /** Write a reviewed field list as the file's AcroForm. */
  | { type: 'write-fields'; id: number; bytes: Uint8Array; fields: EditorField[] }
  /** Remove the scripts of a stored PDF and change nothing else (issue 35). */
  | { type: 'remove-scripts'; id: number; bytes: Uint8Array };

export type SandboxResponse =
  | {
      type: 'analysed';
      id: number;
      detected: DetectedTemplate;
      repaired: Uint8Array | null;
      /** What the repair changed (scripts removed, loops broken), for the template's notes. */
      notes: string[];
      /** JavaScript actions the repair removed. */
      scriptsRemoved: number;
    }
  | { type: 'found'; id: number; found: FoundFields }
  | { type: 'written'; id: number; bytes: Uint8Array }
  /** The copy without scripts; null when there were none (or it could not be rewritten). */
  | { type: 'scripts-removed'; id: number; bytes: Uint8Array | null; removed: number }
  /** The fields cannot be written into this file; `detail` says why, for the user. */
  | { type: 'write-refused'; id: number; detail: string }
  /** The file is not a usable PDF (not one, damaged, locked, XFA-only). */
  | { type: 'input-error'; id: number; reason: PdfInputErrorReason }
  | { type: 'sheet'; id: number; sheet: ReadSheet }
  /** The spreadsheet is not readable or went past a sheet limit. */
  | { type: 'sheet-refused'; id: number; refusal: SheetRefusal }
  /** A safety limit stopped the work; `why` completes "… could not be processed safely: ". */
  | { type: 'unsafe'; id: number; why: string };
