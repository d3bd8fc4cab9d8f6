import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// What the server's main thread holds at start counts in every server's memory, and in every
// bulk job's peak: the V8 heap grows to 1.5× what it keeps (node-flags.ts). The PDF engine runs
// in the worker threads and mail is sent rarely, so the main thread must not load them until
// asked (docs/decisions.md).
const HEAVY_PACKAGES = ['@cantoo/pdf-lib', 'culori', 'node-html-better-parser', 'nodemailer'];

/** The packages (node_modules folders) the server's modules load when app.ts is imported. */
function packagesLoadedByApp(): string[] {
  const script = `
    import module from 'node:module';
    const loaded = new Set();
    module.registerHooks({
      load(url, context, next) {
        const match = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(url);
        if (match) loaded.add(match[1]);
        return next(url, context);
      },
    });
    await import(${JSON.stringify(new URL('./app.ts', import.meta.url).href)});
    console.log(JSON.stringify([...loaded]));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1) ?? '[]') as string[];
}

describe('the main thread at start', () => {
  it('loads the web server but not the PDF engine or the mail library', () => {
    const loaded = packagesLoadedByApp();
    expect(loaded).toContain('fastify');
    expect(loaded.filter((name) => HEAVY_PACKAGES.includes(name))).toEqual([]);
  }, 60_000);
});
