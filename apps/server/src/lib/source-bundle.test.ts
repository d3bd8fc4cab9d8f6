import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  bundleInputs,
  bundleOrSource,
  currentBundleEntry,
  hashFile,
  toAsciiSource,
  writeManifest,
  type SourceBundle,
} from './source-bundle.ts';
import { waitFor } from '../../test/process-helpers.ts';

/** A bundle of one source file whose builder copies it and records it as the only input. */
function fixtureBundle(): SourceBundle & { sourceFile: string; built: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-bundle-'));
  const sourceFile = path.join(root, 'entry.ts');
  fs.writeFileSync(sourceFile, 'export const answer: number = 42;\n');
  const dir = path.join(root, 'dist');
  const built = path.join(root, 'built-marker');
  const builder = path.join(root, 'build.mjs');
  fs.writeFileSync(
    builder,
    `import fs from 'node:fs';
import crypto from 'node:crypto';
const source = ${JSON.stringify(sourceFile)};
fs.mkdirSync(${JSON.stringify(dir)}, { recursive: true });
fs.writeFileSync(${JSON.stringify(path.join(dir, 'entry.mjs'))}, 'export const answer = 42;\\n');
const hash = crypto.createHash('sha1').update(fs.readFileSync(source)).digest('hex');
fs.writeFileSync(${JSON.stringify(path.join(dir, 'manifest.json'))}, JSON.stringify({ inputs: { [source]: hash } }));
fs.writeFileSync(${JSON.stringify(built)}, 'built');
`,
  );
  return { source: pathToFileURL(sourceFile), dir, builder, sourceFile, built };
}

describe('source bundles', () => {
  it('runs the source until a bundle is made, then the bundle until a source changes', async () => {
    const bundle = fixtureBundle();
    expect(bundleOrSource(bundle).href).toBe(bundle.source.href);
    // The first miss starts the builder in the background.
    await waitFor(
      'the bundle',
      () => fs.existsSync(bundle.built) && currentBundleEntry(bundle) !== null,
      5_000,
    );
    const entry = path.join(bundle.dir, 'entry.mjs');
    expect(currentBundleEntry(bundle)).toBe(entry);
    expect(bundleOrSource(bundle).href).toBe(pathToFileURL(entry).href);

    fs.appendFileSync(bundle.sourceFile, 'export const more = 1;\n');
    expect(currentBundleEntry(bundle)).toBeNull();
    expect(bundleOrSource(bundle).href).toBe(bundle.source.href);
  });

  it('names the entry from the manifest and needs every input readable', () => {
    const bundle = fixtureBundle();
    fs.mkdirSync(path.join(bundle.dir, 'v1'), { recursive: true });
    fs.writeFileSync(path.join(bundle.dir, 'v1', 'main.mjs'), '');
    const inputs = bundleInputs(
      [bundle.sourceFile, '/node_modules/ignored.js'],
      bundle.sourceFile,
      bundle.builder,
    );
    // The sources, the lock file, and how the bundle is made: a changed builder remakes it.
    expect(Object.keys(inputs).sort()).toEqual(
      [
        bundle.sourceFile,
        bundle.builder,
        fileURLToPath(new URL('./source-bundle.ts', import.meta.url)),
      ].sort(),
    );
    expect(inputs[bundle.sourceFile]).toBe(hashFile(bundle.sourceFile));
    writeManifest(bundle, { inputs, entry: 'v1/main.mjs' });
    expect(currentBundleEntry(bundle)).toBe(path.join(bundle.dir, 'v1', 'main.mjs'));
    expect(() =>
      bundleInputs([path.join(bundle.dir, 'missing.ts')], bundle.sourceFile, bundle.builder),
    ).toThrow(/Cannot read/);
  });
});

describe('toAsciiSource', () => {
  it('writes code past ASCII as escapes that mean the same', () => {
    const code = [
      'const θ = 26 / 180;',
      "const dash = 'a — b 𝒳';",
      'const tpl = `→ ${dash}`;',
      "const match = /[̸︀]|😀/u.test('x😀');",
      '// a comment with • and ’',
      '({ θ, dash, tpl, match, length: dash.length })',
    ].join('\n');
    const ascii = toAsciiSource(code);
    expect(/[^\0-\x7f]/.test(ascii)).toBe(false);
    expect(vm.runInNewContext(ascii)).toEqual(vm.runInNewContext(code));
  });
});
