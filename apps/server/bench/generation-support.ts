// Helpers of generation.bench.ts: corpus files, values for every field of a form, pdftk runs.
// Not a benchmark itself (run.ts runs only *.bench.ts).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FieldDataDto } from '@formbridge/contract/templates';
import type { FillValue } from '../src/pdf/fill/fill-form.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** The shared corpus folder: FORMBRIDGE_CORPUS, else ../shared/corpus next to the repository. */
export function corpusRoot(): string {
  return path.resolve(REPO_ROOT, process.env.FORMBRIDGE_CORPUS ?? '../shared/corpus');
}

/** A file of the shared corpus's pdf/ folder. */
export function corpusFile(name: string): Buffer {
  return fs.readFileSync(path.join(corpusRoot(), 'pdf', name));
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** A value for every fillable field: text within its max length, boxes ticked, first options. */
export function valuesFor(fields: FieldDataDto, seed: number): Record<string, FillValue> {
  const values: Record<string, FillValue> = {};
  Object.entries(fields).forEach(([name, field], index) => {
    if (field.type === 'text') {
      const text = `Value ${index} for record ${seed}`;
      values[name] = field.max_length ? text.slice(0, field.max_length) : text;
    } else if (field.type === 'checkbox') {
      values[name] = true;
    } else if ((field.type === 'radio' || field.type === 'dropdown') && field.options?.[0]) {
      values[name] = field.options[0].value;
    }
  });
  return values;
}

export function hasPdftk(): boolean {
  return spawnSync('pdftk', ['--version']).error === undefined;
}

const xml = (text: string) =>
  text.replace(
    /[<>&"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c,
  );

/** XFDF for pdftk fill_form: booleans become the field's on-state (or Yes). */
export function toXfdf(fields: FieldDataDto, values: Record<string, FillValue>): string {
  const entries = Object.entries(values).map(([name, value]) => {
    const onState = fields[name]?.options?.[0]?.value ?? 'Yes';
    const text = value === true ? onState : value === false ? 'Off' : String(value ?? '');
    return `<field name="${xml(name)}"><value>${xml(text)}</value></field>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<xfdf xmlns="http://ns.adobe.com/xfdf/" xml:space="preserve"><fields>${entries.join('')}</fields></xfdf>`;
}

/** Writes the template once and returns a function that fills it with pdftk (one process a form). */
export function preparePdftk(template: Uint8Array, fields: FieldDataDto) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-pdftk-'));
  const input = path.join(dir, 'template.pdf');
  fs.writeFileSync(input, template);
  let counter = 0;
  const fill = (values: Record<string, FillValue>) =>
    new Promise<void>((resolve, reject) => {
      counter += 1;
      const data = path.join(dir, `data-${counter}.xfdf`);
      fs.writeFileSync(data, toXfdf(fields, values));
      const child = spawn('pdftk', [
        input,
        'fill_form',
        data,
        'output',
        path.join(dir, `out-${counter}.pdf`),
      ]);
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`pdftk exit ${code}`)),
      );
    });
  return { fill, cleanUp: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `task` for 0..count-1 with `concurrency` at a time. */
export async function runPool(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<void>,
) {
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      await task(index);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
}
