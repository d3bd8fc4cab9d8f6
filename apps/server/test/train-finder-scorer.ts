// Training of the field finder's learned scorer (issue 29, eighth pass), on the development
// repositories only. Every candidate the rules produce (at any confidence) is labelled by the
// evaluation's match rule, boosted small trees are fitted, and leave-one-REPOSITORY-out
// cross-validation prints text and checkbox/radio P/R at each cut beside the rules' own.
//
//   node apps/server/test/train-finder-scorer.ts            (LORO table only)
//   node apps/server/test/train-finder-scorer.ts --write    (also fit on all development
//        repositories and write src/pdf/find-fields/finder-scorer-model.ts, cut from --cut=)
//   --gains: each wide generator added alone to the rules, widgets gained and false fields added
//        by repository; --only=white-on-white,rounded: the wide reading's other generators left out
//
// The held-out split is never read here: its repositories are skipped before any file is opened.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withPdfjsDocument } from '../src/pdf/detect/pdf-pdfjs.ts';
import { pageFeatures } from '../src/pdf/find-fields/candidate-features.ts';
import type { PageReading } from '../src/pdf/find-fields/find-fields.ts';
import { readPage } from '../src/pdf/find-fields/find-fields.ts';
import { FEATURE_NAMES } from '../src/pdf/find-fields/candidate-features.ts';
import type { ScorerModel } from '../src/pdf/find-fields/finder-scorer.ts';
import { scoreFeatures } from '../src/pdf/find-fields/finder-scorer.ts';
import { corpusDir } from './corpus.ts';
import type { Proposal, TruthWidget } from './eval-detect-core.ts';
import { combCovered, isHeldOut, linesOfFound, matches, readTruth } from './eval-detect-core.ts';
import { DEFAULT_FIT, fitTrees } from './fit-trees.ts';
import { scoreAtCut } from './finder-scorer-eval.ts';

type Entry = { file: string; expected: string; source_repo: string };
export type TrainingForm = {
  repo: string;
  file: string;
  /** CPU time of reading the pages and computing the features, and the page count. */
  ms: number;
  pages: number;
  truth: TruthWidget[];
  proposals: Proposal[];
  features: number[][];
};

const args = process.argv.slice(2);
const cachePath = process.env.FINDER_TRAIN_CACHE;
/** `--wide`: also the candidates the rules turn down (strength 0), for the scorer to judge. */
const wide = args.includes('--wide');
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const fitOptions = {
  ...DEFAULT_FIT,
  depth: Number(option('depth') ?? DEFAULT_FIT.depth),
  rounds: Number(option('rounds') ?? DEFAULT_FIT.rounds),
};

async function readForm(path: string): Promise<Omit<TrainingForm, 'repo' | 'file'>> {
  const bytes = new Uint8Array(readFileSync(path));
  const started = process.cpuUsage();
  const readings = await withPdfjsDocument(
    bytes,
    async (doc) => {
      const out: PageReading[] = [];
      for (let i = 0; i < doc.numPages; i++) {
        const page = await doc.getPage(i + 1);
        out.push(await readPage(page, i, { wide }));
        page.cleanup();
      }
      return out;
    },
    600_000,
  );
  const features = readings.flatMap((r) =>
    pageFeatures({
      ...r,
      candidates: r.described.map((d, i) => ({ ...d, rejectedBy: r.rejectedBy[i] })),
    }),
  );
  const used = process.cpuUsage(started);
  const ms = (used.user + used.system) / 1000;
  const truth = await readTruth(bytes, readings);
  const proposals = readings.flatMap((r) => r.described);
  return { truth, proposals, features, ms, pages: readings.length };
}

async function readDevelopmentForms(): Promise<TrainingForm[]> {
  if (cachePath !== undefined && existsSync(cachePath)) {
    return JSON.parse(readFileSync(cachePath, 'utf8')) as TrainingForm[];
  }
  const dir = corpusDir();
  const entries = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Entry[];
  const forms: TrainingForm[] = [];
  for (const entry of entries) {
    if (entry.expected === 'malformed' || isHeldOut(entry.source_repo)) {
      continue; // the held-out split is never opened
    }
    const read = await readForm(join(dir, 'pdf', entry.file)).catch(() => null);
    if (read !== null && read.truth.length > 0) {
      forms.push({ repo: entry.source_repo, file: entry.file, ...read });
    }
  }
  if (cachePath !== undefined) {
    writeFileSync(cachePath, JSON.stringify(forms));
  }
  return forms;
}

/**
 * A candidate is a field when the match rule pairs it with a widget, or when the comb or lines
 * rule (decisions.md) would count it right: a comb over one-character widgets, one printed line
 * of a taller text widget.
 */
function labelOf(p: Proposal, truth: readonly TruthWidget[]): number {
  if (truth.some((t) => matches(p, t))) {
    return 1;
  }
  if (combCovered([p], truth, new Map()).size > 0) {
    return 1;
  }
  const texts = new Set(truth.filter((t) => t.category === 'text'));
  return linesOfFound([p], texts, new Set()).size > 0 ? 1 : 0;
}

const WIDE_REASONS = ['blank', ...FEATURE_NAMES.filter((n) => n.startsWith('rejected_'))];
/** The wide reading's reason for a candidate ('blank' for blank room), or null for the rules'. */
function wideReason(x: readonly number[]): string | null {
  const flagged = FEATURE_NAMES.findIndex((n, i) => n.startsWith('rejected_') && x[i] === 1);
  if (flagged >= 0) {
    return FEATURE_NAMES[flagged]!.slice('rejected_'.length);
  }
  return x[FEATURE_NAMES.indexOf('kind_blank')] === 1 ? 'blank' : null;
}
/** `--only=white-on-white,rounded`: keep only these wide generators (the rules' always). */
const only = option('only')?.split(',');
const forms = (await readDevelopmentForms()).map((f) => {
  const keep = f.features.map((x) => {
    const reason = wideReason(x);
    return reason === null || only === undefined || only.includes(reason);
  });
  return {
    ...f,
    proposals: f.proposals.filter((_, i) => keep[i]),
    features: f.features.filter((_, i) => keep[i]),
  };
});
const repos = [...new Set(forms.map((f) => f.repo))].sort();
const labels = forms.map((f) => f.proposals.map((p) => labelOf(p, f.truth)));
const pages = forms.reduce((s, f) => s + f.pages, 0);
const ms = forms.reduce((s, f) => s + f.ms, 0);
console.log(
  `${forms.length} development forms, ${repos.length} repositories, ${forms.reduce((s, f) => s + f.proposals.length, 0)} candidates; ` +
    `reading and features ${(ms / Math.max(1, pages)).toFixed(0)} ms CPU per page over ${pages} pages`,
);

const WIDE_FEATURES = FEATURE_NAMES.flatMap((name, i) =>
  name.startsWith('rejected_') || name === 'kind_blank' ? [i] : [],
);
/** A candidate only the wide reading has: one the rules turned down, or blank room. */
const isWide = (x: readonly number[]) => WIDE_FEATURES.some((i) => x[i] === 1);

/**
 * Out-of-fold log-odds: each repository scored by a model fitted on the other repositories'
 * candidates that `include` selects (NaN for the candidates it leaves out).
 */
function leaveOneRepositoryOut(include: (x: readonly number[]) => boolean): number[][] {
  const out = forms.map((f) => f.proposals.map(() => Number.NaN));
  for (const repo of repos) {
    const rows: number[][] = [];
    const ys: number[] = [];
    forms.forEach((f, i) => {
      if (f.repo !== repo) {
        f.features.forEach((x, j) => {
          if (include(x)) {
            rows.push(x);
            ys.push(labels[i]![j]!);
          }
        });
      }
    });
    const model: ScorerModel = {
      features: FEATURE_NAMES,
      offset: 0,
      ...fitTrees(rows, ys, fitOptions),
    };
    forms.forEach((f, i) => {
      if (f.repo === repo) {
        out[i] = f.features.map((x) => (include(x) ? scoreFeatures(model, x) : Number.NaN));
      }
    });
  }
  return out;
}
const outOfFold = leaveOneRepositoryOut(() => true);

const rules = scoreAtCut(
  forms,
  forms.map((f) => f.proposals.map((p) => p.confidence)),
  0.5,
);
console.log(`rules (confidence ≥ 0.5):      ${rules.line}`);
const everything = scoreAtCut(
  forms,
  forms.map((f) => f.proposals.map(() => 1)),
  0,
);
console.log(`every candidate (the ceiling): ${everything.line}`);
if (args.includes('--gains')) {
  // Each wide generator added to the rules as they stand, counted by repository: cued widgets
  // (text and checkbox/radio) found that the rules miss, and proposals added that are wrong.
  for (const reason of WIDE_REASONS.map((n) => n.replace('rejected_', ''))) {
    const byRepo: string[] = [];
    let [gained, wrong, repoGains] = [0, 0, 0];
    for (const repo of repos) {
      const mine = forms.filter((f) => f.repo === repo);
      const base = mine.map((f) => f.proposals.map((p) => p.confidence));
      const added = mine.map((f) =>
        f.proposals.map((p, j) => (wideReason(f.features[j]!) === reason ? 1 : p.confidence)),
      );
      const [b, a] = [scoreAtCut(mine, base, 0.5), scoreAtCut(mine, added, 0.5)];
      const g = a.text.foundCued + a.check.foundCued - b.text.foundCued - b.check.foundCued;
      const falseOf = (r: typeof b) =>
        r.text.proposed + r.check.proposed - r.text.right - r.check.right;
      const w = falseOf(a) - falseOf(b);
      [gained, wrong, repoGains] = [gained + g, wrong + w, repoGains + (g > 0 ? 1 : 0)];
      if (g > 0 || w > 0) {
        byRepo.push(`${repo} +${g}/${w}`);
      }
    }
    console.log(
      `gains ${reason}: +${gained} widgets in ${repoGains} repositories, +${wrong} false`,
    );
    console.log(`  ${byRepo.join('; ')}`);
  }
}
const probs = outOfFold.map((row) => row.map((z) => 1 / (1 + Math.exp(-z))));
for (let cut = 0.3; cut <= 0.751; cut += 0.025) {
  console.log(`LORO scorer ≥ ${cut.toFixed(3)}:        ${scoreAtCut(forms, probs, cut).line}`);
}

if (args.includes('--combine')) {
  // The rules decide; the scorer may only drop what they accept (below `drop`) and add what only
  // the wide reading has (a second model fitted on those alone, at or above `add`).
  const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
  const wideOnly = leaveOneRepositoryOut(isWide);
  for (const drop of [0, 0.2, 0.3, 0.4]) {
    for (const add of [0.5, 0.6, 0.7, 0.8, 0.9, 1.01]) {
      const keep = forms.map((f, i) =>
        f.proposals.map((p, j) => {
          const x = f.features[j]!;
          const isKept = isWide(x)
            ? sigmoid(wideOnly[i]![j]!) >= add
            : p.confidence >= 0.5 && sigmoid(outOfFold[i]![j]!) >= drop;
          return isKept ? 1 : 0;
        }),
      );
      const line = scoreAtCut(forms, keep, 0.5).line;
      console.log(`rules, drop < ${drop.toFixed(1)}, add ≥ ${add.toFixed(2)}: ${line}`);
    }
  }
}

if (args.includes('--write')) {
  const cut = Number(args.find((a) => a.startsWith('--cut='))?.split('=')[1] ?? 0.5);
  const fitted = fitTrees(
    forms.flatMap((f) => f.features),
    labels.flat(),
    fitOptions,
  );
  const model: ScorerModel = {
    features: FEATURE_NAMES,
    offset: Math.round(Math.log(cut / (1 - cut)) * 1e4) / 1e4,
    ...fitted,
  };
  const target = fileURLToPath(
    new URL('../src/pdf/find-fields/finder-scorer-model.ts', import.meta.url),
  );
  writeFileSync(
    target,
    `// Written by apps/server/test/train-finder-scorer.ts --write --cut=${cut}: boosted trees fitted\n` +
      `// on the development repositories' candidates (issue 29). Do not edit by hand; refit.\n` +
      `import type { ScorerModel } from './finder-scorer.ts';\n\n` +
      `export const FINDER_SCORER_MODEL: ScorerModel = ${JSON.stringify(model)};\n`,
  );
  console.log(`wrote ${target}: ${model.trees.length} trees, offset ${model.offset}`);
}
