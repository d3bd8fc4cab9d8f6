import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chooseWebDist, readBuildStamp, webSourceHash } from '../../web/build-stamp.ts';

// `npm start` serves a build only when this hash equals the one in its build.json.
describe('web build stamp', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-stamp-'));
    write('apps/web/src/main.tsx', 'render(<App />);');
    write('apps/web/index.html', '<div id="root"></div>');
    write('packages/contract/src/auth.ts', 'export const A = 1;');
    write('package-lock.json', '{}');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  function write(file: string, text: string): void {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }

  it('changes when a web source, a contract source or the lockfile changes', () => {
    const first = webSourceHash(root);
    expect(webSourceHash(root)).toBe(first);
    write('apps/web/src/main.tsx', 'render(<App upgraded />);');
    const afterWeb = webSourceHash(root);
    expect(afterWeb).not.toBe(first);
    write('packages/contract/src/auth.ts', 'export const A = 2;');
    const afterContract = webSourceHash(root);
    expect(afterContract).not.toBe(afterWeb);
    write('package-lock.json', '{"lockfileVersion":3}');
    expect(webSourceHash(root)).not.toBe(afterContract);
  });

  it('ignores tests, which are not part of the bundle', () => {
    const first = webSourceHash(root);
    write('apps/web/src/main.test.tsx', 'it("renders", () => {});');
    expect(webSourceHash(root)).toBe(first);
  });

  it('reads no stamp from a build without build.json', () => {
    write('apps/web/dist/index.html', '<html></html>');
    expect(readBuildStamp(path.join(root, 'apps/web/dist'))).toBeUndefined();
    write('apps/web/dist/build.json', '{"version":"0.1.0","sourceHash":"abc","builtAt":"x"}');
    expect(readBuildStamp(path.join(root, 'apps/web/dist'))?.sourceHash).toBe('abc');
  });

  it('serves the checkout build when current, else builds into the state directory', () => {
    const sourceHash = webSourceHash(root);
    const checkoutDist = path.join(root, 'apps/web/dist');
    const stateDist = path.join(root, 'data/web-dist');
    const stamp = (dir: string, hash: string) =>
      write(
        path.relative(root, path.join(dir, 'build.json')),
        JSON.stringify({ sourceHash: hash }),
      );
    const choose = () => chooseWebDist({ checkoutDist, stateDist, sourceHash });
    // Nothing built yet: build, and into the state directory, not the checkout.
    expect(choose()).toEqual({ dist: stateDist, build: true });
    // An upgrade left the checkout's build stale: still the state directory.
    stamp(checkoutDist, 'old');
    expect(choose()).toEqual({ dist: stateDist, build: true });
    stamp(stateDist, sourceHash);
    expect(choose()).toEqual({ dist: stateDist, build: false });
    // `npm run build` at install made the checkout's build current: served from there.
    stamp(checkoutDist, sourceHash);
    expect(choose()).toEqual({ dist: checkoutDist, build: false });
  });
});
