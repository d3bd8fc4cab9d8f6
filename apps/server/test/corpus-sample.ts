import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Which fillable corpus forms the per-form corpus suites check. Each form costs seconds of
// external oracles (pdftk's JVM, qpdf, poppler), so a default run (and CI) checks a seeded
// sample: every form whose hash falls in a fixed share, plus, for every trait below, the
// first form by hash that has it, so no kind of file goes unchecked. The sample depends only on
// the seed and each form's own name: adding a form never reshuffles the others.
// FORMBRIDGE_CORPUS_ALL=1 (`npm run test:corpus`) checks every form;
// FORMBRIDGE_CORPUS_FILES=a.pdf,b.pdf checks just those.

/** One form in `SHARE_DENOMINATOR`, by hash, before the traits are added. */
const SHARE_DENOMINATOR = 5;
const DEFAULT_SEED = 'formbridge';

/**
 * Traits a sample always covers: the manifest's tags for structures the fill engine treats
 * apart, and what the file's bytes say of its structure (`STRUCTURE_TRAITS`).
 */
const MANIFEST_TRAITS = [
  'encrypted-empty-user-password',
  'xfa-hybrid',
  'comb',
  'max-length',
  'radio',
  'checkbox',
  'choice-combo',
  'choice-listbox',
  'editable-combo',
  'multiselect',
  'pushbutton',
  'signature',
  'multiline',
  'non-latin-script',
  'non-ascii-text',
  'need-appearances',
  'readonly-fields',
  'prefilled-values',
  'javascript',
  'kids-widgets',
  'hierarchical-names',
  'multi-widget-field',
  'same-field-on-multiple-pages',
  'widget-annotation-shared-by-several-pages',
  'widgets-outside-acroform-fields-tree',
  'duplicate-full-names',
  'non-terminal-field-nodes',
  'damaged-field-tree',
  'qpdf-warnings',
  'rotated-pages',
  'fields-on-rotated-page',
  'cropbox-differs-from-mediabox',
  'mediabox-nonzero-origin',
  'many-fields-200plus',
  'revision-pair',
];

/** Traits rare and varied enough that every form having one is checked (3 encryptions, each its own). */
const EVERY_FORM_TRAITS = ['encrypted-empty-user-password'];

/** Traits read from the bytes: object streams, cross-reference streams, incremental updates. */
const STRUCTURE_TRAITS: Record<string, (bytes: Buffer) => boolean> = {
  'object-streams': (bytes) => bytes.includes('/ObjStm'),
  'xref-stream': (bytes) => bytes.includes('/XRef'),
  'incremental-updates': (bytes) => bytes.indexOf('%%EOF', bytes.indexOf('%%EOF') + 5) !== -1,
};

export type SampledEntry = { file: string; expected: string; features: string[] };

export type CorpusSample<T> = {
  entries: T[];
  /** One line for the run's output: how many, which seed, how to check them all. */
  summary: string;
};

function rank(seed: string, file: string): number {
  return createHash('sha256').update(`${seed}\0${file}`).digest().readUInt32BE(0) / 2 ** 32;
}

function traitsOf(corpusDir: string, entry: SampledEntry): string[] {
  const bytes = readFileSync(join(corpusDir, 'pdf', entry.file));
  const structure = Object.entries(STRUCTURE_TRAITS)
    .filter(([, has]) => has(bytes))
    .map(([trait]) => trait);
  return [...entry.features.filter((tag) => MANIFEST_TRAITS.includes(tag)), ...structure];
}

/**
 * The fillable entries of `entries` that this run checks, in corpus order (see the comment at
 * the top of this file for the environment variables that widen or narrow it).
 */
export function sampleFillable<T extends SampledEntry>(
  corpusDir: string,
  entries: T[],
): CorpusSample<T> {
  const fillable = entries.filter((entry) => entry.expected === 'fillable');
  const named = process.env.FORMBRIDGE_CORPUS_FILES?.split(',').filter((file) => file !== '');
  if (named) {
    const chosen = fillable.filter((entry) => named.includes(entry.file));
    return { entries: chosen, summary: `corpus: ${chosen.length} named forms` };
  }
  if (process.env.FORMBRIDGE_CORPUS_ALL === '1') {
    return { entries: fillable, summary: `corpus: all ${fillable.length} fillable forms` };
  }
  const seed = process.env.FORMBRIDGE_CORPUS_SEED ?? DEFAULT_SEED;
  const byRank = fillable
    .map((entry) => ({ entry, rank: rank(seed, entry.file), traits: traitsOf(corpusDir, entry) }))
    .sort((a, b) => a.rank - b.rank);
  const chosen = new Set(
    byRank
      .filter(
        (item) =>
          item.rank < 1 / SHARE_DENOMINATOR ||
          item.traits.some((trait) => EVERY_FORM_TRAITS.includes(trait)),
      )
      .map((item) => item.entry),
  );
  const covered = new Set(
    [...byRank].filter((item) => chosen.has(item.entry)).flatMap((item) => item.traits),
  );
  for (const trait of [...MANIFEST_TRAITS, ...Object.keys(STRUCTURE_TRAITS)]) {
    const first = byRank.find((item) => item.traits.includes(trait));
    if (first && !covered.has(trait)) {
      chosen.add(first.entry);
      first.traits.forEach((covers) => covered.add(covers));
    }
  }
  const sample = fillable.filter((entry) => chosen.has(entry));
  return {
    entries: sample,
    summary:
      `corpus: ${sample.length} of ${fillable.length} fillable forms (one in ${SHARE_DENOMINATOR} ` +
      `by hash of seed ${JSON.stringify(seed)}, plus traits; FORMBRIDGE_CORPUS_ALL=1: all)`,
  };
}
