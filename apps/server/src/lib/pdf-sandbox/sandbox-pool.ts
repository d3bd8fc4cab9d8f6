import os from 'node:os';
import type { EditorField } from '@formbridge/contract/field-candidates';
import type { DetectedTemplate } from '../../pdf/detect/detect-types.ts';
import type { FoundFields } from '../../pdf/find-fields/find-types.ts';
import { FieldWriteError } from '../../pdf/find-fields/field-write-error.ts';
import { PdfInputError } from '../../pdf/detect/detect-errors.ts';
import { PdfUnsafeError } from '../../pdf/objects/pdf-unsafe.ts';
import type { ReadSheet, SheetFormat, SheetRefusal } from '../../sheets/read-sheet.ts';
import { createWorkerPool, type WorkerFailure } from '../workers/worker-pool.ts';
import type { SandboxRequest, SandboxResponse } from './sandbox-messages.ts';

export type AnalysedPdf = {
  detected: DetectedTemplate;
  repaired: Uint8Array | null;
  /** What the repair changed (scripts removed, loops broken), for the template's notes. */
  notes: string[];
  /** JavaScript actions the repair removed. */
  scriptsRemoved: number;
};

/**
 * A spreadsheet the sandbox did not read: not readable, past a sheet limit, or (`unsafe`) past
 * a sandbox limit (time, memory), with `why` saying which.
 */
export class SheetRefusedError extends Error {
  readonly refusal: SheetRefusal | { kind: 'unsafe'; why: string };

  constructor(refusal: SheetRefusedError['refusal']) {
    super(`The spreadsheet was refused: ${refusal.kind}`);
    this.name = 'SheetRefusedError';
    this.refusal = refusal;
  }
}

export type PdfSandbox = {
  /**
   * Detects the fields of an uploaded PDF, repairs its field tree and removes its scripts, in a worker under the
   * sandbox limits. Throws PdfInputError (not a usable PDF) or PdfUnsafeError (a limit hit).
   */
  analyse: (bytes: Uint8Array, options?: { labels?: boolean }) => Promise<AnalysedPdf>;
  /** Proposes fields from the page content (issue 29), under the same limits. */
  findFields: (bytes: Uint8Array) => Promise<FoundFields>;
  /**
   * Writes `fields` as the file's AcroForm, under the same limits. Throws FieldWriteError when
   * the file cannot take them (encrypted), besides the errors of `analyse`.
   */
  writeFields: (bytes: Uint8Array, fields: EditorField[]) => Promise<Uint8Array>;
  /**
   * A copy of a stored PDF without its JavaScript, nothing else changed (pdf-remove-scripts.ts),
   * under the same limits; null when it has none.
   */
  removeScripts: (bytes: Uint8Array) => Promise<{ bytes: Uint8Array; removed: number } | null>;
  /**
   * Reads an uploaded CSV or .xlsx into a grid, in a worker under the same limits plus the sheet
   * limits (cells, columns, inflated bytes). Throws SheetRefusedError.
   */
  readSheet: (bytes: Uint8Array, format: SheetFormat, maxRows: number) => Promise<ReadSheet>;
  /**
   * Stops the workers that have no task now instead of after the idle timeout: a bulk job calls
   * it so that an upload's reader (~60-100 MB with pdf.js loaded) does not sit beside the fill
   * workers for its whole idle minute. The next upload starts a worker again.
   */
  releaseIdle: () => void;
  close: () => Promise<void>;
};

export type PdfSandboxOptions = {
  /** Worker threads; by default the cores available, at most 2. */
  size?: number;
  /** Wall-clock limit of one task; past it the worker is terminated and replaced. */
  deadlineMs?: number;
  /** V8 old-generation cap of each worker (its JavaScript heap). */
  heapMb?: number;
  /** Process RSS above which every busy sandbox worker is terminated (off-heap buffers). */
  rssCeilingBytes?: number;
  idleTimeoutMs?: number;
};

const WORKER_URL = new URL('./sandbox-worker.ts', import.meta.url);

/** Why the reader could not answer, as the user reads it after "… could not be processed safely: ". */
function describeFailure(failure: WorkerFailure, reader: string): string {
  switch (failure.kind) {
    case 'deadline':
      return `reading it took longer than ${Math.round(failure.deadlineMs / 1000)} s`;
    case 'out-of-memory':
      return `reading it needed more than ${failure.heapMb} MB of memory`;
    case 'memory-ceiling':
      return 'reading it needed too much memory';
    case 'crashed':
      return `the ${reader} reader failed on it (${failure.message})`;
    case 'exited':
    case 'closed':
      return `the ${reader} reader stopped unexpectedly`;
  }
}

function toSandboxError(failure: WorkerFailure, request: SandboxRequest): Error {
  if (failure.kind === 'closed') {
    return new Error('The server is shutting down');
  }
  return request.type === 'sheet'
    ? new SheetRefusedError({ kind: 'unsafe', why: describeFailure(failure, 'spreadsheet') })
    : new PdfUnsafeError(describeFailure(failure, 'PDF'));
}

/**
 * Worker threads (lib/workers) that read untrusted PDFs and spreadsheets under hard limits
 * enforced from outside.
 */
export function createPdfSandbox(options: PdfSandboxOptions = {}): PdfSandbox {
  const pool = createWorkerPool<SandboxRequest, SandboxResponse, null>({
    size: options.size ?? Math.max(1, Math.min(os.availableParallelism(), 2)),
    workerUrl: () => WORKER_URL,
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? 512, maxYoungGenerationSizeMb: 16 },
    deadlineMs: options.deadlineMs ?? 15_000,
    idleTimeoutMs: options.idleTimeoutMs ?? 60_000,
    rssCeilingBytes: options.rssCeilingBytes ?? 1536 * 1024 * 1024,
    slotState: () => null,
    toError: toSandboxError,
  });
  let nextId = 1;

  /** The answer of the expected type, or the error the worker reported. */
  const expect = async <T extends SandboxResponse['type']>(
    request: SandboxRequest,
    type: T,
  ): Promise<Extract<SandboxResponse, { type: T }>> => {
    const response = await pool.run(request);
    if (response.type === 'input-error') {
      throw new PdfInputError(response.reason);
    }
    if (response.type === 'unsafe') {
      throw new PdfUnsafeError(response.why);
    }
    if (response.type === 'write-refused') {
      throw new FieldWriteError(response.detail);
    }
    if (response.type !== type) {
      throw new Error(`The PDF sandbox answered ${response.type} to a ${request.type} request`);
    }
    return response as Extract<SandboxResponse, { type: T }>;
  };

  return {
    analyse: async (bytes, analyseOptions = {}) => {
      const labels = analyseOptions.labels ?? true;
      const response = await expect({ type: 'analyse', id: nextId++, bytes, labels }, 'analysed');
      const { detected, repaired, notes, scriptsRemoved } = response;
      return { detected, repaired, notes, scriptsRemoved };
    },
    findFields: async (bytes) =>
      (await expect({ type: 'find-fields', id: nextId++, bytes }, 'found')).found,
    writeFields: async (bytes, fields) =>
      (await expect({ type: 'write-fields', id: nextId++, bytes, fields }, 'written')).bytes,
    removeScripts: async (bytes) => {
      const response = await expect(
        { type: 'remove-scripts', id: nextId++, bytes },
        'scripts-removed',
      );
      return response.bytes ? { bytes: response.bytes, removed: response.removed } : null;
    },
    readSheet: async (bytes, format, maxRows) => {
      const response = await pool.run({ type: 'sheet', id: nextId++, bytes, format, maxRows });
      if (response.type === 'sheet-refused') {
        throw new SheetRefusedError(response.refusal);
      }
      if (response.type === 'unsafe') {
        throw new SheetRefusedError({ kind: 'unsafe', why: response.why });
      }
      if (response.type !== 'sheet') {
        throw new Error(`The sandbox answered ${response.type} to a spreadsheet`);
      }
      return response.sheet;
    },
    releaseIdle: pool.releaseIdle,
    close: pool.close,
  };
}
