import { parentPort } from 'node:worker_threads';
import {
  fillForm,
  PdfFillError,
  planTemplate,
  type TemplatePlan,
} from '../../pdf/fill/fill-form.ts';
import { checkStreamBounds } from '../../pdf/objects/pdf-stream-bounds.ts';
import { PdfUnsafeError } from '../../pdf/objects/pdf-unsafe.ts';
import {
  openWalCheckpointRounds,
  type WalCheckpointRounds,
} from '../../db/wal-checkpoint-thread.ts';
import type {
  CheckpointRequest,
  FillRequest,
  WorkerRequest,
  WorkerResponse,
} from './fill-messages.ts';
import { mergePdfs } from './merge-pdfs.ts';
import { CostBoundedLru } from './plan-cache.ts';

// A fill worker: parses and fills PDFs off the main thread, so the event loop (HTTP, the zip
// stream, progress events) stays responsive while a bulk job keeps every core busy.

// Parsed templates by storage key. A key names one immutable file (a replaced PDF gets a new
// key), so an entry never goes stale. Each template is parsed once per worker and every record
// fills a copy of it; the cost estimate (file size × 10 covers the parsed graph of every corpus
// form) keeps the cache well inside the worker's heap limit.
const PLAN_COST_PER_BYTE = 10;
const plans = new CostBoundedLru<TemplatePlan>(160 * 1024 * 1024, 32);

/** Bytes that own their whole buffer, so transferring it detaches nothing else. */
function ownBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? bytes
    : bytes.slice();
}

function send(message: WorkerResponse, transfer: ArrayBuffer[] = []): void {
  parentPort?.postMessage(message, transfer);
}

async function fill(request: FillRequest): Promise<void> {
  if (request.templateBytes) {
    // Templates were checked at upload; files stored before that check are checked here, once.
    checkStreamBounds(request.templateBytes);
    const plan = await planTemplate(request.templateBytes);
    plans.set(request.templateKey, plan, plan.byteLength * PLAN_COST_PER_BYTE);
  }
  const template = plans.get(request.templateKey);
  if (!template) {
    send({ type: 'need-template', id: request.id });
    return;
  }
  const settings = request.settings ?? {};
  const result = await fillForm(template, request.values, {
    ...settings,
    flatten: request.flatten,
  });
  const bytes = ownBuffer(result.bytes);
  const flattened =
    request.alsoFlattened && !request.flatten
      ? ownBuffer((await fillForm(template, request.values, { ...settings, flatten: true })).bytes)
      : undefined;
  const transfer = [bytes.buffer as ArrayBuffer];
  if (flattened) {
    transfer.push(flattened.buffer as ArrayBuffer);
  }
  send(
    {
      type: 'filled',
      id: request.id,
      bytes,
      report: result.report,
      ...(flattened ? { flattened } : {}),
    },
    transfer,
  );
}

// The database connections of checkpoint rounds, by file: opened on the first, closed with
// the thread.
const checkpointRounds = new Map<string, WalCheckpointRounds>();

function checkpoint(request: CheckpointRequest): void {
  const { file } = request.settings;
  let rounds = checkpointRounds.get(file);
  if (!rounds) {
    rounds = openWalCheckpointRounds(request.settings);
    checkpointRounds.set(file, rounds);
  }
  send({ type: 'checkpointed', id: request.id, report: rounds.checkpoint() });
}

async function handle(request: WorkerRequest): Promise<void> {
  try {
    if (request.type === 'fill') {
      await fill(request);
    } else if (request.type === 'checkpoint') {
      checkpoint(request);
    } else {
      const bytes = ownBuffer(await mergePdfs(request.documents));
      send({ type: 'merged', id: request.id, bytes }, [bytes.buffer as ArrayBuffer]);
    }
  } catch (error) {
    send({
      type: 'error',
      id: request.id,
      message: error instanceof Error ? error.message : String(error),
      isPdfError: error instanceof PdfFillError || error instanceof PdfUnsafeError,
    });
  }
}

// pdf-lib or fontkit may reject a promise nobody awaits; it concerns no answer and must not
// end the thread (the pool's timeout covers a fill that never finishes).
process.on('unhandledRejection', () => undefined);

parentPort?.on('message', (request: WorkerRequest) => {
  void handle(request);
});
