// detectFields() against third-party facts (pdftk/qpdf/pdfinfo) for every PDF of the shared
// corpus (../shared/corpus or $FORMBRIDGE_CORPUS) and of the committed test/fixtures/pdf copy.
// What is compared and the deliberate exclusions are documented in test/corpus.ts.
import { describe, expect, it } from 'vitest';
import { availableCorpusSets, runEntry } from '../../../test/corpus.ts';

const { sets, missing } = availableCorpusSets();

if (missing) {
  console.warn(missing);
  describe.skip(`shared PDF corpus — ${missing}`, () => {
    it.skip('needs the corpus directory', () => undefined);
  });
}

for (const set of sets) {
  describe(`detectFields matches the facts of ${set.name} (${set.dir})`, () => {
    it.each(set.entries.map((entry) => [entry.file, entry] as const))(
      '%s',
      async (_file, entry) => {
        const result = await runEntry(set, entry);
        expect(result.problems).toEqual([]);
        // Nothing may hang: even the fuzzed file must finish well inside the test timeout.
        expect(result.ms).toBeLessThan(15_000);
      },
    );
  });
}
