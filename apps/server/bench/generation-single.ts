// One-form part of generation.bench.ts (not a benchmark itself: run.ts runs only *.bench.ts).
import os from 'node:os';
import { callsFor, pooled, spread, timeBatch, warmUp, type BatchFigures } from './batch-timing.ts';
import { corpusFile, hasPdftk, median, preparePdftk, valuesFor } from './generation-support.ts';

/** Rounds of batches a form (interleaved full / update) and our CPU per writer over all of them. */
const SINGLE_ROUNDS = 5;
const SINGLE_TARGET_MS = 500;

/**
 * Part 1 of generation.bench.ts: one form filled in this thread from a template plan, the whole
 * document written (before) against the template's bytes plus an incremental update (now), beside
 * pdftk; `report` prints the row.
 */
export async function timeSingle(
  name: string,
  report: (what: string, ours: string, pdftk: string, note?: string) => void,
) {
  // Imported here, not at the top: loaded in a bulk child they would count in the server's RSS
  // (pdf.js and the fill engine ~43 MB on the main thread, which the server itself never loads).
  const { detectFields } = await import('../src/pdf/detect/detect-fields.ts');
  const { fillForm, planTemplate } = await import('../src/pdf/fill/fill-form.ts');
  const bytes = new Uint8Array(corpusFile(name));
  const { fields } = await detectFields(new Uint8Array(bytes));
  const values = valuesFor(fields, 1);
  // A different record each fill, made before timing.
  const records = Array.from({ length: 8 }, (_, seed) => valuesFor(fields, seed));
  const record = (call: number) => records[call % records.length] ?? values;
  // Interleaved so both see the same machine, both from a template parsed once (what the fill
  // workers do): the whole document written for each form (before) and the template's bytes
  // plus an incremental update (now). Batches, not single calls: one call is too short for the
  // CPU clocks (batch-timing.ts).
  const plan = await planTemplate(bytes);
  const sizes = { full: 0, update: 0 };
  const full = async (call: number) => {
    sizes.full = (await fillForm(plan, record(call), { writer: 'full' })).bytes.byteLength;
  };
  const update = async (call: number) => {
    sizes.update = (await fillForm(plan, record(call))).bytes.byteLength;
  };
  await warmUp(full, 300);
  await warmUp(update, 300);
  const fullCalls = await callsFor(full, SINGLE_TARGET_MS / SINGLE_ROUNDS, 3);
  const updateCalls = await callsFor(update, SINGLE_TARGET_MS / SINGLE_ROUNDS, 3);
  const fullRounds: BatchFigures[] = [];
  const updateRounds: BatchFigures[] = [];
  for (let round = 0; round < SINGLE_ROUNDS; round += 1) {
    fullRounds.push(await timeBatch(full, fullCalls));
    updateRounds.push(await timeBatch(update, updateCalls));
  }
  let pdftk = 'skipped (no pdftk)';
  if (hasPdftk()) {
    const tool = preparePdftk(bytes, fields);
    const pdftkMs: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      const started = performance.now();
      await tool.fill(values);
      pdftkMs.push(performance.now() - started);
    }
    tool.cleanUp();
    pdftk = `${median(pdftkMs).toFixed(0)} ms wall (median of 5 processes)`;
  }
  const count = Object.keys(values).length;
  const timed = (rounds: BatchFigures[]) => {
    const all = pooled(rounds);
    return (
      `${all.thread.toFixed(1)} ms thread CPU, ${all.process.toFixed(1)} ms process CPU ` +
      `(rounds ${spread(rounds, 'process')}), ${all.wall.toFixed(1)} ms wall ` +
      `(${(1000 / all.process).toFixed(0)} forms/s of CPU)`
    );
  };
  const kb = (size: number) => `${(size / 1024).toFixed(0)} KB`;
  report(
    `${name}: one form, ${count} values, incremental update (per fill, batches)`,
    `${timed(updateRounds)}, ${kb(sizes.update)}`,
    pdftk,
    `${SINGLE_ROUNDS} rounds × ${updateCalls} fills (whole document ${SINGLE_ROUNDS} × ${fullCalls}), ` +
      `one thread, load average ${os.loadavg()[0]?.toFixed(1)}; whole document written: ` +
      `${timed(fullRounds)}, ${kb(sizes.full)}; template ${kb(bytes.byteLength)}, ` +
      `plan base: ${plan.base?.xref.kind ?? 'none'}`,
  );
}
