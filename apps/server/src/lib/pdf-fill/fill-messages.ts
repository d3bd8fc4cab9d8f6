import type { CheckpointReport, CheckpointerSettings } from '../../db/wal-checkpointer.ts';
import type { FillOptions, FillReport, FillValue } from '../../pdf/fill/fill-form.ts';

// The messages between the fill pool and its worker threads. Template bytes travel once per
// worker (it keeps them by storage key); output bytes come back transferred, not copied.

export type FillRequest = {
  type: 'fill';
  id: number;
  templateKey: string;
  /** Sent only when the worker does not hold the template yet (it answers 'need-template'). */
  templateBytes?: Uint8Array;
  values: Record<string, FillValue>;
  flatten: boolean;
  /** Also return a flattened copy (for the merged PDF); ignored when `flatten` is set. */
  alsoFlattened: boolean;
  /** The template's fill settings (legibility floor, read-only policy, empty values, addendum). */
  settings?: Omit<FillOptions, 'flatten'>;
};

export type MergeRequest = { type: 'merge'; id: number; documents: Uint8Array[] };

/** A WAL checkpoint round of the SQLite file (db/wal-checkpointer.ts), while workers run anyway. */
export type CheckpointRequest = { type: 'checkpoint'; id: number; settings: CheckpointerSettings };

export type WorkerRequest = FillRequest | MergeRequest | CheckpointRequest;

export type WorkerResponse =
  | { type: 'filled'; id: number; bytes: Uint8Array; report: FillReport; flattened?: Uint8Array }
  | { type: 'merged'; id: number; bytes: Uint8Array }
  | { type: 'checkpointed'; id: number; report: CheckpointReport }
  | { type: 'need-template'; id: number }
  /** `isPdfError`: the PDF itself cannot be filled (the record is not to blame). */
  | { type: 'error'; id: number; message: string; isPdfError: boolean };
