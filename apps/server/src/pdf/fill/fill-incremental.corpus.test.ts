import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sampleFillable } from '../../../test/corpus-sample.ts';
import { hasTool, pdftkFields, qpdfCheck, qpdfEncryption } from '../../../test/pdf-oracles.ts';
import { fillForm, planTemplate } from './fill-form.ts';
import type { FillValue } from './fill-types.ts';

// The incremental writer on every fillable corpus form: the output is the template's bytes
// plus an update whose cross-reference section is of the template's kind, qpdf finds nothing
// the template did not already have, and pdftk reads back exactly what it reads from the full
// rewrite (which fill-form.corpus.test.ts checks value by value). Each oracle reads each file
// once and its output serves every check: every run starts a process (pdftk a JVM). A default
// run checks a seeded sample of the forms (test/corpus-sample.ts); `npm run test:corpus` all.

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../..');
const corpusDir = process.env.FORMBRIDGE_CORPUS ?? resolve(repoRoot, '../shared/corpus');
const haveCorpus = existsSync(join(corpusDir, 'manifest.json'));
const haveTools = hasTool('pdftk') && hasTool('qpdf');
const TEXTS = ['Zoë Ñandú', 'Иван Петров', '张伟', 'Plain ASCII'];

type Fact = { name: string; type: string; max_length?: number | null; widgets: unknown[] };

/** Read without our parser: what the last `startxref` points at. */
function xrefKind(bytes: Uint8Array): 'table' | 'stream' | 'unknown' {
  const text = Buffer.from(bytes).toString('latin1');
  const match = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text.slice(-1024));
  const at = Number(match?.[1] ?? -1);
  if (text.startsWith('xref', at)) {
    return 'table';
  }
  const head = text.slice(at, at + 4096);
  return /^\d+\s+\d+\s+obj\s*<<[\s\S]*?\/Type\s*\/XRef\b/.test(head) ? 'stream' : 'unknown';
}

function valuesFor(file: string): Record<string, FillValue> {
  const facts = JSON.parse(readFileSync(join(corpusDir, 'fields', `${file}.json`), 'utf8')) as {
    fields: Fact[];
  };
  const values: Record<string, FillValue> = {};
  facts.fields.forEach((field, index) => {
    if (field.widgets.length > 0 && field.type === 'text') {
      const value = `${TEXTS[index % TEXTS.length]} ${index + 1}`;
      values[field.name] = field.max_length
        ? [...value].slice(0, field.max_length).join('')
        : value;
    } else if (field.widgets.length > 0 && field.type === 'checkbox') {
      values[field.name] = true;
    }
  });
  return values;
}

/** qpdf's warnings without the file name, so the template's and the output's compare. */
function warnings(check: { messages: string }): Set<string> {
  return new Set(
    check.messages
      .split('\n')
      .filter((line) => line.startsWith('WARNING'))
      .map((line) => line.replace(/^WARNING: [^:(]*/, '')),
  );
}

const sample = haveCorpus
  ? sampleFillable(
      corpusDir,
      JSON.parse(readFileSync(join(corpusDir, 'manifest.json'), 'utf8')) as Array<{
        file: string;
        expected: string;
        features: string[];
      }>,
    )
  : null;
const fillable = sample?.entries ?? [];
if (sample && haveTools) {
  console.log(`fill-incremental.corpus.test.ts ${sample.summary}`);
}

describe.runIf(haveCorpus && haveTools)(`incremental fills on the corpus (${corpusDir})`, () => {
  describe.each(fillable)('$file', ({ file }) => {
    it('appends an update of the template kind that qpdf and pdftk read', async () => {
      const template = new Uint8Array(readFileSync(join(corpusDir, 'pdf', file)));
      const plan = await planTemplate(template);
      const values = valuesFor(file);
      const { bytes } = await fillForm(plan, values);
      const full = await fillForm(plan, values, { writer: 'full' });
      if (plan.base === null) {
        // An unclean chain or an encryption an update cannot repeat: the full rewrite, reported
        // so it stays visible.
        console.log(`${file}: full rewrite (encrypted: ${plan.permissions !== null})`);
        expect(Buffer.from(bytes).equals(Buffer.from(full.bytes))).toBe(plan.permissions === null);
      } else {
        const prefix = Buffer.from(bytes.subarray(0, template.byteLength));
        expect(prefix.equals(Buffer.from(template))).toBe(true);
        expect(xrefKind(bytes)).toBe(xrefKind(template));
        expect(xrefKind(bytes)).not.toBe('unknown');
        // An encrypted template's records keep its handler, revision, method and restrictions.
        expect(qpdfEncryption(bytes)).toEqual(qpdfEncryption(template));
      }

      const check = qpdfCheck(bytes);
      expect(check.ok, check.messages).toBe(true);
      const before = warnings(qpdfCheck(template));
      expect([...warnings(check)].filter((line) => !before.has(line))).toEqual([]);
      const readBack = pdftkFields(bytes);
      const valuesOf = (fields: ReturnType<typeof pdftkFields>) =>
        new Map(
          [...fields].map(([name, copies]) => [
            name,
            JSON.stringify(copies.map((copy) => copy.values)),
          ]),
        );
      const ours = valuesOf(readBack);
      const rewritten = valuesOf(pdftkFields(full.bytes));
      const original = valuesOf(pdftkFields(template));
      // A field the record leaves alone keeps the template's bytes, so pdftk reads it as it
      // reads the template (the rewrite re-spells some names, e.g. lower-case #xx escapes).
      const differing = [...new Set([...ours.keys(), ...rewritten.keys()])].filter(
        (name) => ours.get(name) !== rewritten.get(name) && ours.get(name) !== original.get(name),
      );
      expect(differing).toEqual([]);
      const missing = Object.entries(values).filter(
        ([name, value]) =>
          typeof value === 'string' &&
          !(readBack.get(name) ?? []).some((copy) =>
            copy.values.some((text) => text.normalize('NFC') === value.normalize('NFC')),
          ),
      );
      expect(missing).toEqual([]);
    }, 120_000);
  });
});
