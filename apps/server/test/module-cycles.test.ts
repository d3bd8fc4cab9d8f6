import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildModuleGraph, findModuleCycles } from './module-graph.ts';

// Module level, not file level: import-x/no-cycle sees a cycle only when one file's imports lead
// back to it, so a → b (one file) and b → a (another file) passes lint but still knots the
// modules together. This test reads every module's code and fails on any such cycle, naming it.

describe('server modules', () => {
  it('import each other without a cycle', () => {
    const graph = buildModuleGraph();
    expect(graph.size).toBeGreaterThan(10);
    const cycles = findModuleCycles(graph).map((cycle) =>
      cycle
        .slice(0, -1)
        .map(
          (from, i) =>
            `${from} → ${cycle[i + 1]} (${graph.get(from)?.get(cycle[i + 1] ?? '')?.file})`,
        )
        .join(', '),
    );
    expect(cycles).toEqual([]);
  });

  it('keep the table-schema module above the data modules it rewrites', () => {
    const graph = buildModuleGraph();
    const uses = [...(graph.get('table-schema')?.keys() ?? [])].sort();
    expect(uses).toEqual(['mappings', 'record-files', 'records', 'tables']);
    for (const module of ['tables', 'records', 'record-files', 'mappings', 'templates']) {
      expect(graph.get(module)?.has('table-schema'), module).toBe(false);
    }
    expect([...(graph.get('tables')?.keys() ?? [])]).toEqual([]);
  });
});

describe('the module cycle check', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'module-graph-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };

  it('finds a cycle through two files of each module, and ignores tests', () => {
    write('a/a.service.ts', "import { b } from '../b/b.public.ts';\n");
    write('b/b.public.ts', "export { b } from './b.service.ts';\n");
    write('b/b.service.ts', "export const b = 1;\nimport('../c/c.public.ts');\n");
    write('c/c.public.ts', "export { a } from '../a/a.public.ts';\n");
    write('a/a.public.ts', 'export const a = 2;\n');
    write('a/a.test.ts', "import { c } from '../c/c.public.ts';\n");
    const graph = buildModuleGraph(dir);
    expect(findModuleCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
    expect(graph.get('a')?.has('c')).toBe(false);
  });
});
