// Issue 32 done-when: on the corpus revision pairs whose editions keep most inputs, at least 95 %
// of the unchanged fields' mappings carry over and none goes to a wrong field; on every pair, no
// mapping goes to a wrong field. Numbers: `npm run eval:revisions` (docs/benchmarks.md).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir } from './corpus.ts';
import { loadAnswers, scorePair } from './eval-revisions-core.ts';

const shared = existsSync(`${corpusDir()}/revision_pairs.json`);
/** Without the shared corpus, the 8889 pair copied into test fixtures still runs. */
const dir = shared ? corpusDir() : join(import.meta.dirname, 'fixtures', 'revisions');
const answers = loadAnswers().filter((a) => shared || existsSync(join(dir, 'pdf', a.new)));
/** Pairs the done-when is held to: the same inputs, renamed or moved. */
const HELD = ['irs-8606-2022-2023', 'irs-8889-2022-2023', 'phsg-aufnahmeantrag-2019-2023'];

if (!shared) {
  console.warn(
    `revision pairs: shared corpus not found at ${corpusDir()} (set FORMBRIDGE_CORPUS); only the fixture pair runs`,
  );
}

describe(`revision carry-over on the corpus pairs (${dir})`, () => {
  it.each(answers.map((a) => [a.id, a] as const))('%s', async (id, answer) => {
    const score = await scorePair(dir, answer);
    expect(score, `${id}: PDFs missing`).not.toBeNull();
    expect(score!.wrong).toEqual([]);
    if (HELD.includes(id)) {
      expect(score!.share).toBeGreaterThanOrEqual(0.95);
    }
  });
});
