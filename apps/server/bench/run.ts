// `npm run bench`: runs every *.bench.ts in this folder, one after another, each in its own Node
// process (so one benchmark's memory and JIT state never colour the next). Prints their output;
// exits non-zero if any of them failed. Benchmarks print numbers and assert nothing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((wanted) => name.includes(wanted)))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(dir, file)], { stdio: 'inherit' });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    failed += 1;
    console.error(`${file} failed (exit ${result.status ?? result.signal}) after ${seconds} s`);
  } else {
    console.log(`(${file}: ${seconds} s)`);
  }
}
process.exitCode = failed > 0 ? 1 : 0;
