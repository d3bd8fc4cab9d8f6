// Makes the server's bundle (see server-bundle.ts): `node server-bundle-build.ts`, run in a child
// process by whoever starts the server without a current one. Each build goes to a folder of its
// own named by its inputs, and the manifest naming it is written last, so a server starting
// meanwhile runs either the old bundle or the new one, never a mix.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import crypto from 'node:crypto';
import { build } from 'rolldown';
import { bundleInputs, toAsciiSource, writeManifest } from './lib/source-bundle.ts';
import { SERVER_BUNDLE } from './server-bundle.ts';

const LOCK_FILE = fileURLToPath(new URL('../../../package-lock.json', import.meta.url));
// Other builds' folders are removed once this old: a server loads its chunks while it starts.
const KEEP_OLD_BUILDS_MS = 10 * 60_000;

const isOwnFile = (id: string) => path.isAbsolute(id) && !id.includes('/node_modules/');

const result = await build({
  input: fileURLToPath(SERVER_BUNDLE.source),
  platform: 'node',
  write: false,
  logLevel: 'silent',
  // Packages load from node_modules as they do from the sources; the workspace's own
  // @formbridge/contract is TypeScript and is bundled.
  external: (id) =>
    id.startsWith('node:') ||
    !(id.startsWith('.') || path.isAbsolute(id) || id.startsWith('@formbridge/')),
  plugins: [
    {
      // Paths the sources compute from their own location (worker scripts, the web build, the
      // fill worker bundle, font files) stay those of the source files.
      name: 'source-locations',
      transform(code, id) {
        if (!isOwnFile(id) || !code.includes('import.meta.')) {
          return null;
        }
        return code
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(id).href))
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(id)))
          .replaceAll('import.meta.filename', JSON.stringify(id));
      },
    },
  ],
  output: { format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
});
const chunks = result.output.flatMap((item) => (item.type === 'chunk' ? [item] : []));
const entry = chunks.find((chunk) => chunk.isEntry);
if (!entry) {
  throw new Error('The server bundle has no entry');
}
const inputs = bundleInputs(
  chunks.flatMap((chunk) => chunk.moduleIds),
  LOCK_FILE,
  import.meta.filename,
);
const files = chunks.map((chunk) => ({ name: chunk.fileName, code: toAsciiSource(chunk.code) }));
// Named by what is written, so a changed way of writing it is a new folder too.
const version = crypto
  .createHash('sha1')
  .update(files.map((file) => file.code).join('\0'))
  .digest('hex')
  .slice(0, 12);
const temporary = path.join(SERVER_BUNDLE.dir, `${version}.${process.pid}.tmp`);
const target = path.join(SERVER_BUNDLE.dir, version);
fs.mkdirSync(temporary, { recursive: true });
for (const file of files) {
  fs.writeFileSync(path.join(temporary, file.name), file.code);
}
try {
  fs.renameSync(temporary, target);
} catch (error) {
  // The same code built before, or by another start at the same moment (a server may be running
  // from it): keep that copy.
  fs.rmSync(temporary, { recursive: true, force: true });
  if (!fs.existsSync(path.join(target, entry.fileName))) {
    throw error;
  }
}
writeManifest(SERVER_BUNDLE, { inputs, entry: path.join(version, entry.fileName) });
for (const name of fs.readdirSync(SERVER_BUNDLE.dir)) {
  const folder = path.join(SERVER_BUNDLE.dir, name);
  const stat = fs.statSync(folder);
  if (name !== version && stat.isDirectory() && Date.now() - stat.mtimeMs > KEEP_OLD_BUILDS_MS) {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
