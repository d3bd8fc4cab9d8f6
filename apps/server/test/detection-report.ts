// Per-file detection results over the corpus and the fixtures:
//   node apps/server/test/detection-report.ts
import { availableCorpusSets, runEntry } from './corpus.ts';

const { sets, missing } = availableCorpusSets();
if (missing) {
  console.warn(missing);
}
const rows: string[] = [
  '| set | file | expected | fields expected / found | widgets matched | max rect error (pt) | ms | status |',
  '|---|---|---|---:|---:|---:|---:|---|',
];
let failures = 0;
for (const set of sets) {
  for (const entry of set.entries) {
    const r = await runEntry(set, entry);
    const ok = r.problems.length === 0;
    failures += ok ? 0 : 1;
    const status = ok
      ? `ok — ${r.outcome}`
      : `FAIL — ${r.problems.slice(0, 3).join('; ')}${r.problems.length > 3 ? ` (+${r.problems.length - 3})` : ''}`;
    rows.push(
      `| ${r.set} | ${r.file} | ${r.expected} | ${r.fieldsExpected} / ${r.fieldsFound} | ${r.widgetsMatched} / ${r.widgetsExpected} | ${r.maxRectError.toFixed(3)} | ${r.ms} | ${status} |`,
    );
  }
}
console.log(rows.join('\n'));
console.log(`\n${failures === 0 ? 'All files match.' : `${failures} file(s) do not match.`}`);
process.exitCode = failures === 0 ? 0 : 1;
