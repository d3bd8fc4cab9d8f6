// Makes the fill workers' one-file bundle (see fill-worker-bundle.ts). Run in a child process of
// the server: `node fill-worker-build.ts`. The bundle and its manifest are written to temporary
// names and renamed, the manifest last, so a reader sees either the old pair or the new one.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { FILL_WORKER_BUNDLE, hashFile, type BundleManifest } from './fill-worker-bundle.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

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
// The repository's own files by content; packages through the lock file that pins them.
const inputs: BundleManifest['inputs'] = {};
for (const file of [
  ...chunk.moduleIds.filter((id) => path.isAbsolute(id) && !id.includes('/node_modules/')),
  path.join(REPO_ROOT, 'package-lock.json'),
]) {
  const hash = hashFile(file);
  if (hash === null) {
    throw new Error(`Cannot read ${file}, an input of the fill worker bundle`);
  }
  inputs[file] = hash;
}
fs.mkdirSync(FILL_WORKER_BUNDLE.dir, { recursive: true });
const suffix = `.${process.pid}.tmp`;
const manifestFile = path.join(FILL_WORKER_BUNDLE.dir, 'manifest.json');
fs.writeFileSync(FILL_WORKER_BUNDLE.file + suffix, chunk.code);
fs.writeFileSync(manifestFile + suffix, JSON.stringify({ inputs }, null, 1));
fs.renameSync(FILL_WORKER_BUNDLE.file + suffix, FILL_WORKER_BUNDLE.file);
fs.renameSync(manifestFile + suffix, manifestFile);
