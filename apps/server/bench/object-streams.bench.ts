// The repeated-key scan of a template's object streams (pdf-duplicate-keys.ts), on the corpus
// form with the most of them: `npm run bench object-streams`. ROUNDS alternating runs of the
// scan given the streams pdf-lib's loader inflated (what planTemplate does) and of the scan
// inflating each stream itself (what it did before), so load on a shared machine falls on both
// alike; then planTemplate whole. Prints min and median; asserts nothing.
import { membersOfStreamsRepeatingKeys } from '../src/pdf/objects/pdf-duplicate-keys.ts';
import { readXrefBase } from '../src/pdf/objects/pdf-xref.ts';
import { planTemplate } from '../src/pdf/fill/fill-plan.ts';
import { loadPdf } from '../src/pdf/prepare/prepare-load.ts';
import { corpusFile, median } from './generation-support.ts';

const FORM = process.argv[2] ?? 'ca_ia_life_insurance_application.pdf';
const ROUNDS = 15;

const bytes = new Uint8Array(corpusFile(FORM));
const xref = readXrefBase(bytes);
if (!xref) {
  throw new Error(`${FORM}: no readable cross-reference chain`);
}
const { objectStreams } = await loadPdf(bytes);
const timed = (work: () => unknown): number => {
  const started = performance.now();
  work();
  return performance.now() - started;
};
const kept: number[] = [];
const inflating: number[] = [];
const plans: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  kept.push(timed(() => membersOfStreamsRepeatingKeys(bytes, xref, objectStreams)));
  inflating.push(timed(() => membersOfStreamsRepeatingKeys(bytes, xref)));
  const started = performance.now();
  await planTemplate(bytes);
  plans.push(performance.now() - started);
}
const row = (label: string, values: number[]) =>
  console.log(
    `${label.padEnd(36)} min ${Math.min(...values).toFixed(1)} ms, median ${median(values).toFixed(1)} ms`,
  );
console.log(
  `${FORM}: ${new Set(xref.members.values()).size} object streams, ${xref.members.size} members`,
);
row("scan, the loader's inflated streams", kept);
row('scan, inflating each stream again', inflating);
row('planTemplate', plans);
