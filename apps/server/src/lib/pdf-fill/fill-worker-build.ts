// Makes the fill workers' one-file bundle (see fill-worker-bundle.ts). Run in a child process of
// the server: `node fill-worker-build.ts`. The bundle and its manifest are written to temporary
// names and renamed, the manifest last, so a reader sees either the old pair or the new one.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { bundleInputs, toAsciiSource, writeManifest } from '../source-bundle.ts';
import { FILL_WORKER_BUNDLE } from './fill-worker-bundle.ts';

const LOCK_FILE = fileURLToPath(new URL('../../../../../package-lock.json', import.meta.url));

const result = await build({
  input: fileURLToPath(FILL_WORKER_BUNDLE.source),
  platform: 'node',
  write: false,
  logLevel: 'silent',
  output: { format: 'esm', codeSplitting: false },
});
const chunk = result.output.find((item) => item.type === 'chunk');
if (!chunk) {
  throw new Error('The fill worker bundle has no code');
}
const inputs = bundleInputs(chunk.moduleIds, LOCK_FILE, import.meta.filename);
fs.mkdirSync(FILL_WORKER_BUNDLE.dir, { recursive: true });
const temporary = `${FILL_WORKER_BUNDLE.file}.${process.pid}.tmp`;
fs.writeFileSync(temporary, toAsciiSource(chunk.code));
fs.renameSync(temporary, FILL_WORKER_BUNDLE.file);
writeManifest(FILL_WORKER_BUNDLE, { inputs });
