// The repeated-key scan of a template's object streams (pdf-duplicate-keys.ts), on the corpus
// form with the most of them: `npm run bench object-streams`. ROUNDS alternating runs of the
// scan (each stream parsed at the chain's offset and inflated by the scan itself) and of
// planTemplate whole, so load on a shared machine falls on both alike; then the inflate alone,
// zlib against pdf-lib's, over the same streams. Prints min and median of the process's CPU time
// (on a shared machine the wall time mostly measures the neighbours); asserts nothing.
import { PDFName, PDFRawStream, decodePDFRawStream } from '@cantoo/pdf-lib';
import {
  decodedData,
  membersOfStreamsRepeatingKeys,
} from '../src/pdf/objects/pdf-duplicate-keys.ts';
import { readXrefBase } from '../src/pdf/objects/pdf-xref.ts';
import { planTemplate } from '../src/pdf/fill/fill-plan.ts';
import { PDFDocument } from '@cantoo/pdf-lib';
import { corpusFile, median } from './generation-support.ts';

const FORM = process.argv[2] ?? 'ca_ia_life_insurance_application.pdf';
const ROUNDS = 15;

const bytes = new Uint8Array(corpusFile(FORM));
const xref = readXrefBase(bytes);
if (!xref) {
  throw new Error(`${FORM}: no readable cross-reference chain`);
}
// The object streams as a loaded document keeps them (before the plan drops them).
const loaded = await PDFDocument.load(bytes, { updateMetadata: false });
const streams = [...loaded.context.enumerateIndirectObjects()]
  .map(([, object]) => object)
  .filter(
    (object): object is PDFRawStream =>
      object instanceof PDFRawStream &&
      object.dict.get(PDFName.of('Type')) === PDFName.of('ObjStm'),
  );
const cpuMs = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const timed = (work: () => unknown): number => {
  const started = process.cpuUsage();
  work();
  return cpuMs(started);
};
const scans: number[] = [];
const plans: number[] = [];
const zlib: number[] = [];
const pdfLib: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  scans.push(timed(() => membersOfStreamsRepeatingKeys(bytes, xref)));
  const started = process.cpuUsage();
  await planTemplate(bytes);
  plans.push(cpuMs(started));
  zlib.push(timed(() => streams.forEach((stream) => decodedData(stream))));
  pdfLib.push(timed(() => streams.forEach((stream) => decodePDFRawStream(stream).decode())));
}
const row = (label: string, values: number[]) =>
  console.log(
    `${label.padEnd(36)} CPU min ${Math.min(...values).toFixed(1)} ms, median ${median(values).toFixed(1)} ms`,
  );
console.log(
  `${FORM}: ${new Set(xref.members.values()).size} object streams, ${xref.members.size} members`,
);
row('scan, inflating each stream', scans);
row('planTemplate', plans);
row('inflate alone, zlib', zlib);
row("inflate alone, pdf-lib's", pdfLib);
