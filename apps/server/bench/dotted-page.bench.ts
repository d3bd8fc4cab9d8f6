// Benchmark of joining dot leaders (find-fields/page-text.ts) on a synthetic dot-heavy page: each
// line a caption, a blank its producer cut into two runs and a word of dots, then a date and a
// blank of its own; the shape of a long table of contents or inventory form. Prints the median
// CPU time of 5 runs (after one warm-up) for each page length: near-linear growth is the point.
//
//   node apps/server/bench/dotted-page.bench.ts
import type { TextRun } from '../src/pdf/find-fields/find-types.ts';
import { joinLeaders, type Leader } from '../src/pdf/find-fields/page-text.ts';

const RUNS = 5;
const LINE_COUNTS = [1_000, 5_000, 15_000];

function dottedPage(lines: number): { leaders: Leader[]; words: TextRun[] } {
  const leaders: Leader[] = [];
  const words: TextRun[] = [];
  const rect = (x0: number, x1: number, baseline: number): Leader['rect'] => [
    x0,
    baseline - 8,
    x1,
    baseline,
  ];
  const run = (x0: number, x1: number, baseline: number): Leader => ({
    rect: rect(x0, x1, baseline),
    size: 10,
    dots: true,
    baseline,
  });
  const word = (text: string, x0: number, x1: number, baseline: number): TextRun => ({
    text,
    rect: rect(x0, x1, baseline),
    size: 10,
    font: 'Helvetica',
  });
  for (let line = 0; line < lines; line++) {
    const baseline = 20 + line * 12;
    leaders.push(run(100, 200, baseline), run(201, 300, baseline), run(326, 400, baseline));
    leaders.push(run(445, 500, baseline));
    words.push(word(`Item ${line}`, 40, 90, baseline), word('. . .', 305, 320, baseline));
    words.push(word('Date', 410, 440, baseline));
  }
  return { leaders, words };
}

console.log('lines   runs+words  joined  median CPU ms');
for (const lines of LINE_COUNTS) {
  const { leaders, words } = dottedPage(lines);
  const joined = joinLeaders(leaders, words).length;
  const cpuMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const cpu = process.cpuUsage();
    joinLeaders(leaders, words);
    const used = process.cpuUsage(cpu);
    cpuMs.push((used.user + used.system) / 1000);
  }
  cpuMs.sort((a, b) => a - b);
  const median = cpuMs[Math.floor(RUNS / 2)] ?? 0;
  console.log(
    `${String(lines).padStart(6)}  ${String(leaders.length + words.length).padStart(10)}  ` +
      `${String(joined).padStart(6)}  ${median.toFixed(0).padStart(13)}`,
  );
}
