// Fill throughput over the whole fillable corpus beside pdftk: `node apps/server/bench/fill-corpus.bench.ts`
// (or `npm run bench fill-corpus`). For each form the manifest marks fillable: a value for every
// fillable field (valuesFor), then, interleaved on one thread, our engine from a template plan
// (what a warm fill worker does), our engine parsing the file too (a cold worker), and pdftk
// fill_form (one process a form, as a pdftk-based service runs it). Times are CPU time (this
// thread's; pdftk's user + system from /usr/bin/time), so other load on a shared machine moves
// them less than wall time; wall medians are printed too. Prints a row per form as it finishes,
// then the ratios over the corpus; asserts nothing. Arguments pick forms by part of their name. Skips pdftk with a message when it is absent.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { detectFields } from '../src/pdf/detect-fields.ts';
import { fillForm, planTemplate } from '../src/pdf/fill-form.ts';
import {
  corpusFile,
  corpusRoot,
  hasPdftk,
  median,
  toXfdf,
  valuesFor,
} from './generation-support.ts';

const OUR_RUNS = 7;
const PDFTK_RUNS = 3;

type Manifest = Array<{ file: string; expected: string }>;

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.threadCpuUsage(since);
  return (used.user + used.system) / 1000;
};

/** One pdftk fill_form; resolves with its CPU ms (user + system) and wall ms. */
function pdftkOnce(dir: string, run: number): Promise<{ cpu: number; wall: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const times = path.join(dir, `time-${run}.txt`);
    const child = spawn('/usr/bin/time', [
      '-o',
      times,
      '-f',
      '%U %S',
      'pdftk',
      path.join(dir, 'template.pdf'),
      'fill_form',
      path.join(dir, 'data.xfdf'),
      'output',
      path.join(dir, `out-${run}.pdf`),
    ]);
    child.on('error', reject);
    child.on('exit', (code) => {
      const wall = performance.now() - started;
      if (code !== 0) {
        reject(new Error(`pdftk exit ${code}`));
        return;
      }
      const [user = 0, system = 0] = fs.readFileSync(times, 'utf8').trim().split(/\s+/).map(Number);
      resolve({ cpu: (user + system) * 1000, wall });
    });
  });
}

async function measureForm(file: string, withPdftk: boolean) {
  const bytes = new Uint8Array(corpusFile(file));
  const { fields } = await detectFields(bytes.slice());
  const values = valuesFor(fields, 1);
  const plan = await planTemplate(bytes.slice());
  await fillForm(plan, values);
  const warm: number[] = [];
  const warmWall: number[] = [];
  const cold: number[] = [];
  for (let run = 0; run < OUR_RUNS; run += 1) {
    let cpu = process.threadCpuUsage();
    const started = performance.now();
    await fillForm(plan, values);
    warmWall.push(performance.now() - started);
    warm.push(cpuMs(cpu));
    cpu = process.threadCpuUsage();
    await fillForm(await planTemplate(bytes.slice()), values);
    cold.push(cpuMs(cpu));
  }
  let pdftk: { cpu: number; wall: number } | null = null;
  if (withPdftk) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-corpus-pdftk-'));
    try {
      fs.writeFileSync(path.join(dir, 'template.pdf'), bytes);
      fs.writeFileSync(path.join(dir, 'data.xfdf'), toXfdf(fields, values));
      const runs = [];
      for (let run = 0; run < PDFTK_RUNS; run += 1) {
        runs.push(await pdftkOnce(dir, run));
      }
      pdftk = {
        cpu: median(runs.map((run) => run.cpu)),
        wall: median(runs.map((run) => run.wall)),
      };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return {
    values: Object.keys(values).length,
    warm: median(warm),
    warmWall: median(warmWall),
    cold: median(cold),
    pdftk,
  };
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
console.log(
  `Fill over the corpus: ${forms.length} fillable forms, Node ${process.version}, ` +
    `load average ${os.loadavg()[0]?.toFixed(1)}${withPdftk ? '' : ' (pdftk or /usr/bin/time absent: ours only)'}`,
);
console.log(
  '\n| form | values | warm plan CPU ms | warm wall ms | cold (parse + fill) CPU ms | pdftk CPU ms | pdftk wall ms | pdftk CPU / warm | pdftk wall / warm wall |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
const totals = { warm: 0, warmWall: 0, cold: 0, pdftk: 0, pdftkWall: 0 };
const ratios: number[] = [];
const coldRatios: number[] = [];
let failed = 0;
for (const file of forms) {
  try {
    const form = await measureForm(file, withPdftk);
    totals.warm += form.warm;
    totals.warmWall += form.warmWall;
    totals.cold += form.cold;
    const cells = [file, String(form.values), form.warm.toFixed(1), form.warmWall.toFixed(1)];
    cells.push(form.cold.toFixed(1));
    if (form.pdftk) {
      totals.pdftk += form.pdftk.cpu;
      totals.pdftkWall += form.pdftk.wall;
      ratios.push(form.pdftk.cpu / form.warm);
      coldRatios.push(form.pdftk.cpu / form.cold);
      cells.push(
        form.pdftk.cpu.toFixed(0),
        form.pdftk.wall.toFixed(0),
        `${(form.pdftk.cpu / form.warm).toFixed(0)}×`,
        `${(form.pdftk.wall / form.warmWall).toFixed(0)}×`,
      );
    } else {
      cells.push('–', '–', '–', '–');
    }
    console.log(`| ${cells.join(' | ')} |`);
  } catch (error) {
    failed += 1;
    console.log(`| ${file} | failed: ${(error as Error).message.slice(0, 120)} | | | | | | | |`);
  }
}
const geometricMean = (values: number[]) =>
  Math.exp(values.reduce((sum, value) => sum + Math.log(value), 0) / values.length);
console.log(
  `\nOver ${forms.length - failed} forms (${failed} failed): ours warm ${totals.warm.toFixed(0)} ms CPU ` +
    `(${totals.warmWall.toFixed(0)} ms wall), cold ${totals.cold.toFixed(0)} ms CPU` +
    (ratios.length > 0
      ? `; pdftk ${totals.pdftk.toFixed(0)} ms CPU (${totals.pdftkWall.toFixed(0)} ms wall). ` +
        `Throughput ratio, one form of each (pdftk CPU / ours): warm ${(totals.pdftk / totals.warm).toFixed(0)}×, ` +
        `cold ${(totals.pdftk / totals.cold).toFixed(0)}×; per form warm min ${Math.min(...ratios).toFixed(0)}×, ` +
        `median ${median(ratios).toFixed(0)}×, geometric mean ${geometricMean(ratios).toFixed(0)}×; ` +
        `cold median ${median(coldRatios).toFixed(0)}×; wall (pdftk wall / ours warm wall) ` +
        `${(totals.pdftkWall / totals.warmWall).toFixed(0)}×`
      : ''),
);
