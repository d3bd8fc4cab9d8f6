// Fill throughput over the whole fillable corpus beside pdftk: `node apps/server/bench/fill-corpus.bench.ts`
// (or `npm run bench fill-corpus`). For each form the manifest marks fillable: a value for every
// fillable field (valuesFor), then ROUNDS interleaved rounds on one thread of: a batch of fills
// from a template plan (what a warm fill worker does), a batch parsing the file too (a cold
// worker), and one pdftk fill_form (one process a form, as a pdftk-based service runs it), so
// load on a shared machine falls on all three alike. Every figure of ours is CPU summed over its
// batches (≥ TARGET_MS a form; one ~1 ms call is too short to time) divided by the number of
// fills: this thread's CPU, and the process's (with V8's GC and compiler helper threads, the fair
// match for pdftk's user + system from /usr/bin/time, which counts every JVM thread). Prints a
// row per form as it finishes, then the ratios over the corpus; asserts nothing. Arguments pick
// forms by part of their name. Without pdftk (or /usr/bin/time) only our figures are printed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { detectFields } from '../src/pdf/detect/detect-fields.ts';
import { fillForm, planTemplate } from '../src/pdf/fill/fill-form.ts';
import {
  callsFor,
  geometricMean,
  pooled,
  spread,
  timeBatch,
  warmUp,
  type BatchFigures,
} from './batch-timing.ts';
import {
  corpusFile,
  corpusRoot,
  hasPdftk,
  median,
  toXfdf,
  valuesFor,
} from './generation-support.ts';

const ROUNDS = 3;
/** CPU of ours per form and kind (warm, cold), over all rounds. */
const TARGET_MS = 150;
const RECORDS = 8;
const WARM_UP_MS = 100;
/** Fewest fills in a batch, however slow the form. */
const MIN_CALLS = 3;

type Manifest = Array<{ file: string; expected: string }>;
type PdftkFigures = { cpu: number; wall: number };

/** One pdftk fill_form; resolves with its CPU ms (user + system of every thread) and wall ms. */
function pdftkOnce(dir: string, run: number): Promise<PdftkFigures> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const times = path.join(dir, `time-${run}.txt`);
    const output = path.join(dir, `out-${run}.pdf`);
    const child = spawn(
      '/usr/bin/time',
      ['-o', times, '-f', '%U %S', 'pdftk', path.join(dir, 'template.pdf')].concat([
        'fill_form',
        path.join(dir, 'data.xfdf'),
        'output',
        output,
      ]),
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const wall = performance.now() - started;
      if (code !== 0) {
        const reason = stderr.split('\n').find((line) => line.trim() !== '') ?? '';
        reject(new Error(`pdftk exit ${code}${reason ? `: ${reason.trim().slice(0, 60)}` : ''}`));
        return;
      }
      fs.rmSync(output, { force: true });
      const [user = 0, system = 0] = fs.readFileSync(times, 'utf8').trim().split(/\s+/).map(Number);
      resolve({ cpu: (user + system) * 1000, wall });
    });
  });
}

async function measureForm(file: string, withPdftk: boolean) {
  const bytes = new Uint8Array(corpusFile(file));
  const { fields } = await detectFields(bytes.slice());
  // A different record each fill, made before timing; pdftk fills the first.
  const records = Array.from({ length: RECORDS }, (_, seed) => valuesFor(fields, seed + 1));
  const record = (call: number) => records[call % RECORDS] ?? {};
  const plan = await planTemplate(bytes.slice());
  const warmFill = (call: number) => fillForm(plan, record(call));
  const coldFill = async (call: number) =>
    fillForm(await planTemplate(bytes.slice()), record(call));
  // Warmed up first (compiled code, the shared font, caches), so the calls counted are steady.
  await warmUp(warmFill, WARM_UP_MS);
  await warmUp(coldFill, WARM_UP_MS);
  const warmCalls = await callsFor(warmFill, TARGET_MS / ROUNDS, MIN_CALLS);
  const coldCalls = await callsFor(coldFill, TARGET_MS / ROUNDS, MIN_CALLS);
  const warm: BatchFigures[] = [];
  const cold: BatchFigures[] = [];
  const pdftkRuns: PdftkFigures[] = [];
  let pdftkError: string | null = withPdftk ? null : 'no pdftk';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-corpus-pdftk-'));
  try {
    fs.writeFileSync(path.join(dir, 'template.pdf'), bytes);
    fs.writeFileSync(path.join(dir, 'data.xfdf'), toXfdf(fields, record(0)));
    for (let round = 0; round < ROUNDS; round += 1) {
      warm.push(await timeBatch(warmFill, warmCalls));
      cold.push(await timeBatch(coldFill, coldCalls));
      if (pdftkError === null) {
        try {
          pdftkRuns.push(await pdftkOnce(dir, round));
        } catch (error) {
          // Our figures still count; this form leaves the ratios, with the reason printed.
          pdftkError = (error as Error).message;
        }
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const pdftk =
    pdftkError === null
      ? {
          cpu: pdftkRuns.reduce((sum, run) => sum + run.cpu, 0) / pdftkRuns.length,
          wall: pdftkRuns.reduce((sum, run) => sum + run.wall, 0) / pdftkRuns.length,
        }
      : null;
  return { values: Object.keys(record(0)).length, warm, cold, pdftk, pdftkError };
}

const withPdftk = hasPdftk() && spawnSync('/usr/bin/time', ['true']).error === undefined;
const manifest = JSON.parse(
  fs.readFileSync(path.join(corpusRoot(), 'manifest.json'), 'utf8'),
) as Manifest;
// Arguments narrow the run to the forms whose file name contains one of them.
const wanted = process.argv.slice(2);
const forms = manifest
  .filter((entry) => entry.expected === 'fillable')
  .map((entry) => entry.file)
  .filter((file) => wanted.length === 0 || wanted.some((part) => file.includes(part)));
const loadStart = os.loadavg()[0] ?? 0;
console.log(
  `Fill over the corpus: ${forms.length} fillable forms, Node ${process.version}, ` +
    `${ROUNDS} interleaved rounds a form, ≥ ${TARGET_MS} ms of our CPU a form and kind, ` +
    `load average ${loadStart.toFixed(1)}${withPdftk ? '' : ' (pdftk or /usr/bin/time absent: ours only)'}`,
);
console.log(
  '\nms per fill. Warm: from a template plan; cold: parsing the file too. Thread / process CPU; ' +
    'the spread is the lowest–highest round.\n',
);
console.log(
  '| form | values | fills warm / cold | warm thread CPU | warm process CPU (rounds) | warm wall | cold process CPU | pdftk CPU | pdftk wall | pdftk ÷ warm | pdftk ÷ cold |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
type Row = { warm: BatchFigures; cold: BatchFigures; pdftk: PdftkFigures | null };
const measured: Row[] = [];
const left: string[] = [];
let failed = 0;
for (const file of forms) {
  try {
    const form = await measureForm(file, withPdftk);
    const warm = pooled(form.warm);
    const cold = pooled(form.cold);
    measured.push({ warm, cold, pdftk: form.pdftk });
    const cells = [
      file,
      String(form.values),
      `${warm.calls} / ${cold.calls}`,
      warm.thread.toFixed(2),
      `${warm.process.toFixed(2)} (${spread(form.warm, 'process')})`,
      warm.wall.toFixed(2),
      cold.process.toFixed(1),
    ];
    if (form.pdftk) {
      cells.push(
        form.pdftk.cpu.toFixed(0),
        form.pdftk.wall.toFixed(0),
        `${(form.pdftk.cpu / warm.process).toFixed(0)}×`,
        `${(form.pdftk.cpu / cold.process).toFixed(0)}×`,
      );
    } else {
      left.push(`${file} (${form.pdftkError})`);
      cells.push(`– (${form.pdftkError})`, '–', '–', '–');
    }
    console.log(`| ${cells.join(' | ')} |`);
  } catch (error) {
    failed += 1;
    console.log(
      `| ${file} | failed: ${(error as Error).message.slice(0, 120)} | | | | | | | | | |`,
    );
  }
}

const sum = (rows: Row[], pick: (row: Row) => number) =>
  rows.reduce((total, row) => total + pick(row), 0);
const compared = measured.filter((row) => row.pdftk !== null);
const pdftkCpu = (row: Row) => row.pdftk?.cpu ?? 0;
console.log(
  `\nOne fill of each of ${measured.length} forms (${failed} failed): ours warm ` +
    `${sum(measured, (row) => row.warm.thread).toFixed(0)} ms thread CPU, ` +
    `${sum(measured, (row) => row.warm.process).toFixed(0)} ms process CPU, ` +
    `${sum(measured, (row) => row.warm.wall).toFixed(0)} ms wall; cold ` +
    `${sum(measured, (row) => row.cold.process).toFixed(0)} ms process CPU.`,
);
if (compared.length > 0) {
  const ratios = (pick: (row: Row) => number) => compared.map((row) => pdftkCpu(row) / pick(row));
  const describe = (label: string, pick: (row: Row) => number) => {
    const each = ratios(pick);
    const total = sum(compared, pdftkCpu) / sum(compared, pick);
    return (
      `${label}: whole corpus ${total.toFixed(0)}×, per form median ${median(each).toFixed(0)}×, ` +
      `geometric mean ${geometricMean(each).toFixed(0)}×, min ${Math.min(...each).toFixed(0)}×`
    );
  };
  console.log(
    `pdftk ÷ ours over the ${compared.length} forms pdftk filled ` +
      `(pdftk ${sum(compared, pdftkCpu).toFixed(0)} ms CPU, ` +
      `${sum(compared, (row) => row.pdftk?.wall ?? 0).toFixed(0)} ms wall):\n` +
      `  ${describe('warm, process CPU', (row) => row.warm.process)}\n` +
      `  ${describe('warm, thread CPU', (row) => row.warm.thread)}\n` +
      `  ${describe('cold, process CPU', (row) => row.cold.process)}`,
  );
}
if (left.length > 0) {
  console.log(`Left out of the ratios (ours measured, pdftk failed): ${left.join('; ')}`);
}
console.log(
  `Load average ${loadStart.toFixed(1)} at the start, ${os.loadavg()[0]?.toFixed(1)} at the end.`,
);
