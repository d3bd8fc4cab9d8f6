// Misses of the field finder on the development split only (issue 29): one line per cued widget
// not found and per proposal that found nothing (comb and lines rules applied), with what lies
// nearest, to classify by cause. The held-out split is never listed.
//
//   node apps/server/test/eval-detect-misses.ts [file-substring…]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_ACCEPT_THRESHOLD } from '../src/pdf/find-fields/find-fields.ts';
import { iou } from '../src/pdf/find-fields/rect-math.ts';
import { corpusDir } from './corpus.ts';
import { combCovered, isHeldOut, linesOfFound, pairUp, runForm } from './eval-detect-core.ts';

type Entry = { file: string; expected: string; source_repo: string };
const only = process.argv.slice(2);
const dir = corpusDir();
const entries = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Entry[];
const r = (rect: readonly number[]) => rect.map((v) => v.toFixed(0)).join(',');
const size = (rect: readonly number[]) =>
  `${((rect[2] ?? 0) - (rect[0] ?? 0)).toFixed(0)}x${((rect[3] ?? 0) - (rect[1] ?? 0)).toFixed(0)}`;
for (const entry of entries) {
  if (entry.expected === 'malformed' || isHeldOut(entry.source_repo)) {
    continue;
  }
  if (only.length > 0 && !only.some((o) => entry.file.includes(o))) {
    continue;
  }
  const run = await runForm(join(dir, 'pdf', entry.file), entry.file, true).catch(() => null);
  if (run === null || run.truth.length === 0) {
    continue;
  }
  const proposals = run.proposals.filter((p) => p.confidence >= DEFAULT_ACCEPT_THRESHOLD);
  const pairs = pairUp(proposals, run.truth);
  const covered = combCovered(proposals, run.truth, pairs);
  const found = new Set([...pairs.values(), ...covered.keys()]);
  const lines = linesOfFound(proposals, found, new Set(pairs.keys()));
  const right = new Set([...pairs.keys(), ...covered.values(), ...lines]);
  for (const t of run.truth) {
    if (found.has(t) || !t.cued) {
      continue;
    }
    const near = run.proposals
      .filter((p) => p.page === t.page && iou(p.rect, t.rect) > 0)
      .sort((a, b) => iou(b.rect, t.rect) - iou(a.rect, t.rect))[0];
    const nearText = near
      ? `${near.kind}/${near.type} ${near.confidence.toFixed(2)} ${size(near.rect)} iou ${iou(near.rect, t.rect).toFixed(2)}${pairs.has(near) ? ' paired' : ''}`
      : '-';
    console.log(
      `MISS\t${entry.file}\tp${t.page}\t${t.category}\t${size(t.rect)}\t${r(t.rect)}\t${nearText}\t${t.captions[0]?.slice(0, 40) ?? ''}`,
    );
  }
  for (const p of proposals) {
    if (right.has(p)) {
      continue;
    }
    const near = run.truth
      .filter((t) => t.page === p.page && iou(p.rect, t.rect) > 0)
      .sort((a, b) => iou(b.rect, p.rect) - iou(a.rect, p.rect))[0];
    const nearText = near
      ? `${near.category} ${size(near.rect)} iou ${iou(near.rect, p.rect).toFixed(2)}${found.has(near) ? ' found' : ''}`
      : '-';
    console.log(
      `FALSE\t${entry.file}\tp${p.page}\t${p.kind}/${p.type}\t${size(p.rect)}\t${r(p.rect)}\t${p.confidence.toFixed(2)}\t${nearText}\t${p.label.slice(0, 40)}`,
    );
  }
}
