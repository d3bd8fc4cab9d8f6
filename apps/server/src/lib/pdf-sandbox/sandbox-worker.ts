import { parentPort } from 'node:worker_threads';
import { PdfInputError } from '../../pdf/detect/detect-errors.ts';
import { detectFields } from '../../pdf/detect/detect-fields.ts';
import { findFields } from '../../pdf/find-fields/find-fields.ts';
import { FieldWriteError } from '../../pdf/find-fields/field-write-error.ts';
import { writeFields } from '../../pdf/find-fields/write-fields.ts';
import { repairPdf } from '../../pdf/objects/pdf-repair.ts';
import { removeScripts } from '../../pdf/objects/pdf-remove-scripts.ts';
import { mayCarryScripts } from '../../pdf/prepare/script-markers.ts';
import { checkStreamBounds } from '../../pdf/objects/pdf-stream-bounds.ts';
import { PdfUnsafeError } from '../../pdf/objects/pdf-unsafe.ts';
import { readSheet, refusalOf } from '../../sheets/read-sheet.ts';
import type { SandboxRequest, SandboxResponse } from './sandbox-messages.ts';

// A sandbox worker: everything that parses an uploaded PDF or spreadsheet runs here, never on the
// main thread.
// The pool enforces the hard limits from outside (heap cap, deadline, process memory); this side
// refuses decompression bombs before a parser sees the bytes and turns errors into answers.

// pdf.js can reject promises of its own after a document was destroyed; they concern no request
// and must not end the thread. Errors that matter reach the task's own promise chain.
process.on('unhandledRejection', () => undefined);

// pdf-lib writes a console line for every oddity it parses around ("Parsed number that is too
// large…"): a crafted upload would flood the server log with thousands. The answer carries
// what the user needs; the parsers' chatter is dropped.
const silent = () => undefined;
Object.assign(console, { log: silent, info: silent, warn: silent, debug: silent });

function send(message: SandboxResponse, transfer: ArrayBuffer[] = []): void {
  parentPort?.postMessage(message, transfer);
}

async function analyse(
  request: Extract<SandboxRequest, { type: 'analyse' }>,
): Promise<SandboxResponse> {
  const { id, bytes } = request;
  checkStreamBounds(bytes);
  // The pool's deadline is the real limit; pdf.js' own timer only ends the work sooner.
  const detectOptions = { labels: request.labels, timeoutMs: 60_000 };
  let detected = await detectFields(bytes, detectOptions);
  const hasFields = Object.keys(detected.fields).length > 0;
  const repair = hasFields || mayCarryScripts(bytes) ? await repairPdf(bytes.slice()) : null;
  if (repair?.loopsBroken) {
    // Fields are named by the tree the fill will walk, so detection reads the repaired file.
    detected = await detectFields(repair.bytes.slice(), detectOptions);
  }
  // Transferred back, so it must own its whole buffer.
  const repaired = repair ? ownBuffer(repair.bytes) : null;
  return {
    type: 'analysed',
    id,
    detected,
    repaired,
    notes: repair?.notes ?? [],
    scriptsRemoved: repair?.scriptsRemoved ?? 0,
  };
}

function readSheetRequest(request: Extract<SandboxRequest, { type: 'sheet' }>): SandboxResponse {
  try {
    return {
      type: 'sheet',
      id: request.id,
      sheet: readSheet(request.bytes, request.format, request.maxRows),
    };
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) {
      return { type: 'sheet-refused', id: request.id, refusal };
    }
    throw error;
  }
}

/** A buffer that can be transferred: a view must own its whole buffer. */
function ownBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}

async function answer(request: SandboxRequest): Promise<SandboxResponse> {
  if (request.type === 'analyse') {
    return analyse(request);
  }
  if (request.type === 'sheet') {
    return readSheetRequest(request);
  }
  checkStreamBounds(request.bytes);
  if (request.type === 'find-fields') {
    const found = await findFields(request.bytes, { timeoutMs: 60_000 });
    return { type: 'found', id: request.id, found };
  }
  if (request.type === 'remove-scripts') {
    const copy = await removeScripts(request.bytes);
    const bytes = copy ? ownBuffer(copy.bytes) : null;
    return { type: 'scripts-removed', id: request.id, bytes, removed: copy?.removed ?? 0 };
  }
  const written = await writeFields(request.bytes, request.fields);
  return { type: 'written', id: request.id, bytes: ownBuffer(written) };
}

async function handle(request: SandboxRequest): Promise<void> {
  const reader = request.type === 'sheet' ? 'spreadsheet' : 'PDF';
  try {
    const response = await answer(request);
    const transfer =
      response.type === 'analysed' && response.repaired
        ? [response.repaired.buffer as ArrayBuffer]
        : response.type === 'written' || (response.type === 'scripts-removed' && response.bytes)
          ? [response.bytes!.buffer as ArrayBuffer]
          : [];
    send(response, transfer);
  } catch (error) {
    if (error instanceof FieldWriteError) {
      send({ type: 'write-refused', id: request.id, detail: error.message });
    } else if (error instanceof PdfInputError) {
      send({ type: 'input-error', id: request.id, reason: error.reason });
    } else if (error instanceof PdfUnsafeError) {
      send({ type: 'unsafe', id: request.id, why: error.why });
    } else {
      // Anything else thrown while reading untrusted bytes (a stack overflow on a deep
      // structure, a parser bug) is about this file: refuse it, do not blame the server.
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 200);
      send({
        type: 'unsafe',
        id: request.id,
        why: `the ${reader} reader failed on it (${message})`,
      });
    }
  }
}

parentPort?.on('message', (request: SandboxRequest) => {
  void handle(request);
});
