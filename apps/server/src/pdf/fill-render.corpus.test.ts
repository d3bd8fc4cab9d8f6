import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../test/corpus.ts';
import { checkFormRendering, type FormVerdict } from '../../test/render-corpus.ts';
import { missingRenderers } from '../../test/render-oracle.ts';

// Render oracle over the corpus: on every fillable form, each written value must put ink inside
// its own widget boxes and nowhere else, in poppler and in MuPDF, or the fill report must list
// a problem for it. A value that is neither is a silent problem: what the user downloads is
// wrong and nothing told them.

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

const files = haveCorpus
  ? (
      JSON.parse(readFileSync(join(corpusDir, 'manifest.json'), 'utf8')) as Array<{
        file: string;
        expected: string;
      }>
    )
      .filter((entry) => entry.expected === 'fillable')
      .map((entry) => entry.file)
  : [];

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

describe('rendered values land inside their own boxes (poppler and MuPDF)', () => {
  if (skipReason) {
    it.skip(skipReason, () => undefined);
    return;
  }
  const verdicts = new Map<string, FormVerdict>();
  beforeAll(async () => {
    for (const verdict of await inPool(files, 2, (file) => checkFormRendering(corpusDir, file))) {
      verdicts.set(verdict.file, verdict);
    }
    const rows = [...verdicts.values()].map((verdict) => {
      const outside = verdict.values.filter((value) => !value.inside);
      const reported = outside.filter((value) => value.reported).length;
      return `| ${verdict.file} | ${verdict.values.length} | ${verdict.values.length - outside.length} | ${outside.length} | ${reported} |`;
    });
    console.log(
      [
        '| form | values written | inside | outside | reported |',
        '|---|---:|---:|---:|---:|',
        ...rows,
      ].join('\n'),
    );
  }, 240_000);

  it.each(files)('%s: no silent problems', (file) => {
    const verdict = verdicts.get(file);
    expect(verdict).toBeDefined();
    const silent = (verdict?.values ?? [])
      .filter((value) => !value.inside && !value.reported)
      .map((value) => `${value.field}: ${value.failures.join('; ')}`);
    expect(silent).toEqual([]);
  });
});
