// Evaluation of the field finder on flat pages (issue 29): `npm run eval:detect`.
//
//   node apps/server/test/eval-detect.ts              (corpus from $FORMBRIDGE_CORPUS or ../shared/corpus)
//   node apps/server/test/eval-detect.ts --forms      (also one line per development form, worst recall first)
//   node apps/server/test/eval-detect.ts --kinds      (development precision by kind of cue, false fields by non-form)
//   node apps/server/test/eval-detect.ts --threshold=0.6
//   node apps/server/test/eval-detect.ts --development (tuning: the held-out split not printed)
//   node apps/server/test/eval-detect.ts --old-match  (without the comb and lines rules: one-to-one pairs only)
//   FORMBRIDGE_NONFORMS=/dir node apps/server/test/eval-detect.ts   (more PDFs that are not forms)
//   node apps/server/test/eval-detect.ts --corpus-nonforms-only (skip the non-forms printed by
//                                                 Chromium from our docs, an invoice and a letter)
//
// The fillable forms' widgets are the truth; their pages are read with annotations disabled, so
// the finder sees what a flat copy shows. Repositories are split into a development share, which
// the finder was tuned on, and a held-out test share (a fixed hash of the repository name).
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_ACCEPT_THRESHOLD } from '../src/pdf/find-fields/find-fields.ts';
import { corpusDir } from './corpus.ts';
import { writeNonFormPdfs } from './nonform-pdfs.ts';
import type { Category, FormRun, Proposal } from './eval-detect-core.ts';
import {
  CATEGORIES,
  combCovered,
  linesOfFound,
  isHeldOut,
  isLabelRight,
  pairUp,
  proposalCategory,
  runForm,
} from './eval-detect-core.ts';

type Entry = { file: string; expected: string; source_repo: string };

const args = process.argv.slice(2);
const threshold = Number(
  args.find((a) => a.startsWith('--threshold='))?.split('=')[1] ?? DEFAULT_ACCEPT_THRESHOLD,
);
/** `--old-match`: issue 29's rule alone, without the comb and lines rules of decisions.md. */
const combRule = !args.includes('--old-match');
const dir = corpusDir();

type Tally = {
  truth: number;
  cued: number;
  found: number;
  foundCued: number;
  proposed: number;
  right: number;
};

function score(runs: readonly FormRun[]) {
  const tally = Object.fromEntries(
    CATEGORIES.map((c) => [
      c,
      { truth: 0, cued: 0, found: 0, foundCued: 0, proposed: 0, right: 0 },
    ]),
  ) as Record<Category, Tally>;
  // Choice widgets found by a proposal typed as a choice, not merely by a text box over them.
  let choiceTyped = 0;
  let labelled = 0;
  let labelsRight = 0;
  // Secondary figure (decisions.md): text precision on pages that carry a text widget at all.
  const onTextPages = { proposed: 0, right: 0 };
  for (const run of runs) {
    const textPages = new Set(run.truth.filter((t) => t.category === 'text').map((t) => t.page));
    const proposals = run.proposals.filter((p) => p.confidence >= threshold);
    const pairs = pairUp(proposals, run.truth);
    const covered = combRule ? combCovered(proposals, run.truth, pairs) : new Map();
    const found = new Set([...pairs.values(), ...covered.keys()]);
    const combsRight = new Set<Proposal>(covered.values());
    const lines = combRule ? linesOfFound(proposals, found, new Set(pairs.keys())) : new Set();
    for (const t of run.truth) {
      const row = tally[t.category];
      row.truth++;
      row.cued += t.cued ? 1 : 0;
      row.found += found.has(t) ? 1 : 0;
      row.foundCued += found.has(t) && t.cued ? 1 : 0;
    }
    for (const p of proposals) {
      const category = proposalCategory(p);
      const isRight = pairs.has(p) || combsRight.has(p) || lines.has(p);
      tally[category].proposed++;
      tally[category].right += isRight ? 1 : 0;
      if (category === 'text' && textPages.has(p.page)) {
        onTextPages.proposed++;
        onTextPages.right += isRight ? 1 : 0;
      }
    }
    for (const [p, t] of pairs) {
      choiceTyped += t.category === 'choice' && proposalCategory(p) === 'choice' ? 1 : 0;
      if (t.captions.length > 0) {
        labelled++;
        labelsRight += isLabelRight(p.label, t.captions) ? 1 : 0;
      }
    }
  }
  return {
    tally,
    labelAccuracy: labelled > 0 ? labelsRight / labelled : 0,
    labelled,
    onTextPages,
    choiceTyped,
  };
}

const pct = (n: number, d: number) => (d > 0 ? (n / d).toFixed(2) : '  – ');

function report(name: string, runs: readonly FormRun[]): string {
  const { tally, labelAccuracy, labelled, onTextPages, choiceTyped } = score(runs);
  const pages = runs.reduce((s, r) => s + r.pages, 0);
  const lines = [
    `${name}: ${runs.length} forms, ${pages} pages`,
    '  category   widgets  with cue  recall  recall (cue)  proposed  precision',
  ];
  for (const c of CATEGORIES) {
    const t = tally[c];
    lines.push(
      `  ${c.padEnd(9)} ${String(t.truth).padStart(8)} ${String(t.cued).padStart(9)} ${pct(t.found, t.truth).padStart(7)} ${pct(t.foundCued, t.cued).padStart(13)} ${String(t.proposed).padStart(9)} ${pct(t.right, t.proposed).padStart(10)}`,
    );
  }
  lines.push(
    `  label accuracy ${labelAccuracy.toFixed(2)} over ${labelled} found widgets with a tooltip or caption`,
    `  text precision on pages with a text widget (secondary) ${pct(onTextPages.right, onTextPages.proposed)} over ${onTextPages.proposed} proposed`,
    `  choice widgets found as a choice (typed recall) ${pct(choiceTyped, tally.choice.truth)}: ${choiceTyped} of ${tally.choice.truth}; the choice row's recall counts any field proposed over them`,
  );
  return lines.join('\n');
}

const entries = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Entry[];
await runForm(join(dir, 'pdf', 'pdfjs_160F-2019.pdf'), 'warm-up', false).catch(() => undefined);
const dev: FormRun[] = [];
const test: FormRun[] = [];
const nonForms: FormRun[] = [];
for (const entry of entries) {
  if (entry.expected === 'malformed') {
    continue;
  }
  // A "no-fields" file may still carry widgets without an AcroForm: a form all the same.
  const run = await runForm(join(dir, 'pdf', entry.file), entry.file, true).catch(() => null);
  if (run === null) {
    continue; // needs a password: nothing to read
  }
  if (run.truth.length === 0) {
    nonForms.push(run);
  } else {
    (isHeldOut(entry.source_repo) ? test : dev).push(run);
  }
}
// Generated non-forms (our docs, an invoice, a letter), unless `--corpus-nonforms-only`.
const generated: FormRun[] = [];
if (!args.includes('--corpus-nonforms-only')) {
  const genDir = join(tmpdir(), `formbridge-nonforms-${process.pid}`);
  const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
  try {
    for (const file of await writeNonFormPdfs(repoRoot, genDir)) {
      const run = await runForm(join(genDir, file), file, false).catch(() => null);
      if (run) {
        generated.push(run);
      }
    }
  } finally {
    rmSync(genDir, { recursive: true, force: true });
  }
}
const extra = process.env.FORMBRIDGE_NONFORMS;
if (extra) {
  for (const file of readdirSync(extra).filter((f) => f.toLowerCase().endsWith('.pdf'))) {
    const run = await runForm(join(extra, file), file, false).catch(() => null);
    if (run) {
      nonForms.push(run);
    }
  }
}

console.log(
  `threshold ${threshold}, match rule: ${combRule ? 'issue 29 + comb and lines rules' : 'issue 29 only'}\n`,
);
console.log(report('development split', dev));
// `--development`: while tuning, not even the held-out aggregates are printed.
if (!args.includes('--development')) {
  console.log(report('held-out split', test));
}
function falseFieldLine(name: string, runs: readonly FormRun[]): string {
  const pages = runs.reduce((s, r) => s + r.pages, 0);
  const fields = runs.reduce(
    (s, r) => s + r.proposals.filter((p) => p.confidence >= threshold).length,
    0,
  );
  return `${name}: ${runs.length} PDFs, ${pages} pages, ${(fields / Math.max(1, pages)).toFixed(2)} false fields per page`;
}
console.log(falseFieldLine('non-forms (corpus)', nonForms));
console.log(falseFieldLine('non-forms (generated)', generated));
console.log(falseFieldLine('non-forms (all)', [...nonForms, ...generated]));
const all = [...dev, ...test, ...nonForms, ...generated];
const ms = all.reduce((s, r) => s + r.ms, 0);
const pages = all.reduce((s, r) => s + r.pages, 0);
console.log(`speed: ${(ms / Math.max(1, pages)).toFixed(0)} ms CPU per page over ${pages} pages`);
if (args.includes('--kinds')) {
  // Development only: the held-out split's misses are never looked at, only its aggregates.
  const kinds = new Map<string, { proposed: number; right: number }>();
  for (const run of dev) {
    const proposals = run.proposals.filter((p) => p.confidence >= threshold);
    const pairs = pairUp(proposals, run.truth);
    const covered = combRule ? combCovered(proposals, run.truth, pairs) : new Map();
    const found = new Set([...pairs.values(), ...covered.keys()]);
    const combsRight = new Set<Proposal>(covered.values());
    const lines = combRule ? linesOfFound(proposals, found, new Set(pairs.keys())) : new Set();
    for (const p of proposals) {
      const row = kinds.get(p.kind) ?? { proposed: 0, right: 0 };
      row.proposed++;
      row.right += pairs.has(p) || combsRight.has(p) || lines.has(p) ? 1 : 0;
      kinds.set(p.kind, row);
    }
  }
  for (const [kind, row] of kinds) {
    console.log(
      `  ${kind.padEnd(11)} ${String(row.proposed).padStart(6)} proposed  precision ${pct(row.right, row.proposed)}`,
    );
  }
  const perFile = [...nonForms, ...generated].map(
    (r) => `${r.file} ${r.proposals.filter((p) => p.confidence >= threshold).length}/${r.pages}p`,
  );
  console.log(`  non-forms: ${perFile.join(', ')}`);
}
if (args.includes('--forms')) {
  const rows = dev.map((run) => {
    const { tally } = score([run]);
    const truth = CATEGORIES.reduce((s, c) => s + tally[c].cued, 0);
    const found = CATEGORIES.reduce((s, c) => s + tally[c].foundCued, 0);
    const proposed = CATEGORIES.reduce((s, c) => s + tally[c].proposed, 0);
    const right = CATEGORIES.reduce((s, c) => s + tally[c].right, 0);
    return {
      file: run.file,
      recall: found / Math.max(1, truth),
      precision: right / Math.max(1, proposed),
      truth,
      proposed,
    };
  });
  rows.sort((a, b) => a.recall - b.recall);
  for (const r of rows) {
    console.log(
      `  ${r.recall.toFixed(2)} R  ${r.precision.toFixed(2)} P  ${String(r.truth).padStart(4)} cued  ${String(r.proposed).padStart(4)} proposed  ${r.file}`,
    );
  }
}
