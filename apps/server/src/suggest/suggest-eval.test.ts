// The measured evaluation (test/eval-suggest.ts) as a test: field detection and the suggestion
// engine on every hand-labelled corpus form, against the targets the product promises.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir } from '../../test/corpus.ts';
import {
  detectLabelledForms,
  evaluateSuggestions,
  formatReport,
  loadLabelFiles,
  precisionOf,
  recallOf,
} from '../../test/eval-suggest-core.ts';
import { sourceOfPdf } from '../../test/eval-suggest-loso.ts';
import { SPLIT_FILE, splitOfForm } from '../../test/eval-suggest-split.ts';

// Floors on the development set (docs/benchmarks.md): the engine must not fall below what it
// did when the set was split. The sealed set is never scored here, only by --sealed. Recall was
// 0.55 until five forms with other parties' blocks joined the set (stop 47: 0.598 → 0.547 with
// the engine unchanged); the floor follows the set, not a weaker engine.
const MIN_PRECISION = 0.82;
const MIN_RECALL = 0.54;
const pdfDir = join(corpusDir(), 'pdf');

if (!existsSync(pdfDir)) {
  const message = `PDF corpus not found at ${pdfDir} (set FORMBRIDGE_CORPUS): suggestion evaluation skipped`;
  console.warn(message);
  describe.skip(message, () => {
    it.skip('needs the corpus directory', () => undefined);
  });
} else {
  describe('mapping suggestions on labelled corpus forms', () => {
    it('labels at least 87 forms from at least 25 repositories, each a corpus PDF', () => {
      const files = loadLabelFiles();
      const sources = sourceOfPdf();
      expect(files.length).toBeGreaterThanOrEqual(87);
      expect(
        new Set(files.map(({ labels }) => sources.get(labels.pdf))).size,
      ).toBeGreaterThanOrEqual(25);
      for (const { labels } of files) {
        expect(existsSync(join(pdfDir, labels.pdf)), labels.pdf).toBe(true);
      }
    });

    it('keeps the committed development/sealed split, which follows the repository rule', () => {
      const committed = JSON.parse(readFileSync(SPLIT_FILE, 'utf8')) as {
        forms: Record<string, { set: string }>;
      };
      const sources = sourceOfPdf();
      const actual = Object.fromEntries(
        loadLabelFiles().map(({ form, labels }) => [form, splitOfForm(labels, sources)]),
      );
      const stored = Object.fromEntries(
        Object.entries(committed.forms).map(([form, entry]) => [form, entry.set]),
      );
      expect(stored).toEqual(actual);
      expect(Object.values(actual).filter((set) => set === 'sealed').length).toBeGreaterThanOrEqual(
        30,
      );
    });

    it('labels exactly the fields detection finds, on every form of both sets', async () => {
      const problems: string[] = [];
      for (const { form, labels, fields } of await detectLabelledForms(pdfDir)) {
        const names = Object.keys(fields);
        problems.push(
          ...names.filter((n) => !(n in labels.labels)).map((n) => `${form}: unlabelled ${n}`),
          ...Object.keys(labels.labels)
            .filter((n) => !(n in fields))
            .map((n) => `${form}: no such field ${n}`),
        );
      }
      expect(problems).toEqual([]);
    }, 120_000);

    it(`reaches precision ≥ ${MIN_PRECISION} at recall ≥ ${MIN_RECALL} on the development set`, async () => {
      const sources = sourceOfPdf();
      const result = await evaluateSuggestions(
        pdfDir,
        undefined,
        (labels) => splitOfForm(labels, sources) === 'dev',
      );
      const report = formatReport(result, false);
      expect(precisionOf(result.totals), report).toBeGreaterThanOrEqual(MIN_PRECISION);
      expect(recallOf(result.totals), report).toBeGreaterThanOrEqual(MIN_RECALL);
    }, 120_000);
  });
}
