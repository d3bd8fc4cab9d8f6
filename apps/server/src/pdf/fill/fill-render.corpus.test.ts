import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../test/corpus.ts';
import {
  checkFormRendering,
  ENGINES,
  type FormVerdict,
  type ValueVerdict,
} from '../../../test/render-corpus.ts';
import { missingRenderers, type RenderEngine } from '../../../test/render-oracle.ts';

// Render oracle over the corpus: on every fillable form, each written value must put ink inside
// its own widget boxes and nowhere else, in poppler, MuPDF and pdf.js, or the fill report must
// list a problem for it. A value that is neither is a silent problem: what the user downloads is
// wrong and nothing told them.
//
// The whole corpus takes minutes (three renderers, two renders each), so a default run checks a
// seeded sample of forms; FORMBRIDGE_RENDER_ALL=1 (`npm run test:render`) checks every form.

// A sample that changes only when the seed does, so a failure reproduces; the seed is printed.
const SAMPLE_SIZE = 12;
const seed = Number(process.env.FORMBRIDGE_RENDER_SEED ?? 13);

const corpusDir = process.env.FORMBRIDGE_CORPUS ?? resolve(REPO_ROOT, '../shared/corpus');
const haveCorpus = existsSync(join(corpusDir, 'manifest.json'));
const missing = missingRenderers();
const skipReason = !haveCorpus
  ? `SKIPPED: no corpus at ${corpusDir} (set FORMBRIDGE_CORPUS)`
  : missing.length > 0
    ? `SKIPPED: ${missing.join(' and ')} not installed (apt-get install poppler-utils mupdf-tools)`
    : undefined;
if (skipReason) {
  console.warn(`fill-render.corpus.test.ts ${skipReason}`);
}

const allFiles = haveCorpus
  ? (
      JSON.parse(readFileSync(join(corpusDir, 'manifest.json'), 'utf8')) as Array<{
        file: string;
        expected: string;
      }>
    )
      .filter((entry) => entry.expected === 'fillable')
      .map((entry) => entry.file)
  : [];
// FORMBRIDGE_RENDER_FILES=a.pdf,b.pdf checks just those (a change aimed at a few forms).
const named = process.env.FORMBRIDGE_RENDER_FILES?.split(',').filter((file) => file !== '');
const files =
  named ??
  (process.env.FORMBRIDGE_RENDER_ALL === '1' ? allFiles : sample(allFiles, SAMPLE_SIZE, seed));

/** `count` of `items` picked by a seeded generator (mulberry32), in corpus order. */
function sample<T>(items: T[], count: number, seed: number): T[] {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const ranked = items.map((item, index) => ({ item, index, key: next() }));
  return ranked
    .sort((a, b) => a.key - b.key)
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map((entry) => entry.item);
}

/** Runs `work` over `items` with at most `limit` in flight (renderers are separate processes). */
async function inPool<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: limit }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(lanes);
  return results;
}

describe('rendered values land inside their own boxes (poppler, MuPDF and pdf.js)', () => {
  if (skipReason) {
    it.skip(skipReason, () => undefined);
    return;
  }
  const verdicts = new Map<string, FormVerdict>();
  beforeAll(async () => {
    for (const verdict of await inPool(files, 2, (file) => checkFormRendering(corpusDir, file))) {
      verdicts.set(verdict.file, verdict);
    }
    const engineColumns = (values: ValueVerdict[], engine: RenderEngine): string => {
      const outside = values.filter((value) => !value.insideIn.includes(engine));
      const reported = outside.filter((value) => value.reported).length;
      return `${values.length - outside.length} | ${outside.length} | ${reported}`;
    };
    const rows = [...verdicts.values()].map(
      (verdict) =>
        `| ${verdict.file} | ${verdict.values.length} | ${ENGINES.map((engine) => engineColumns(verdict.values, engine)).join(' | ')} |`,
    );
    const heading = ENGINES.map((engine) => `${engine} in | out | reported`).join(' | ');
    console.log(
      [
        `render oracle: ${files.length} of ${allFiles.length} forms (seed ${seed}; FORMBRIDGE_RENDER_ALL=1: all)`,
        `| form | values | ${heading} |`,
        `|---|---:|${ENGINES.map(() => '---:|---:|---:|').join('')}`,
        ...rows,
      ].join('\n'),
    );
  }, 900_000);

  it.each(files)('%s: no silent problems', (file) => {
    const verdict = verdicts.get(file);
    expect(verdict).toBeDefined();
    const silent = (verdict?.values ?? [])
      .filter((value) => !value.inside && !value.reported)
      .map((value) => `${value.field}: ${value.failures.join('; ')}`);
    expect(silent).toEqual([]);
    // Every generated file passes qpdf --check as it is, without reconstructing anything.
    expect(verdict?.qpdf).toEqual([]);
  });
});
