import fs from 'node:fs';
import path from 'node:path';

/** The server's feature modules folder. */
export const MODULES_DIR = path.resolve(import.meta.dirname, '../src/modules');

/** Test files and test helpers may reach further than a module's code (see eslint.config.js). */
export function isTestFile(file: string): boolean {
  return /\.test\.ts$|test-helpers\.ts$/.test(file);
}

// Static imports, re-exports and dynamic imports, with their specifier.
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)'([^']+)'/g;

/**
 * Which modules each module's code imports: module name → the other modules it imports from,
 * each with one file and specifier that does it. Test files are left out: they build apps and
 * data across modules and are not part of any module's code.
 */
export function buildModuleGraph(
  modulesDir = MODULES_DIR,
): Map<string, Map<string, { file: string; specifier: string }>> {
  const graph = new Map<string, Map<string, { file: string; specifier: string }>>();
  for (const module of fs.readdirSync(modulesDir).sort()) {
    const dir = path.join(modulesDir, module);
    if (!fs.statSync(dir).isDirectory()) {
      continue;
    }
    const edges = new Map<string, { file: string; specifier: string }>();
    graph.set(module, edges);
    const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' });
    for (const file of files.filter((name) => name.endsWith('.ts') && !isTestFile(name)).sort()) {
      const full = path.join(dir, file);
      for (const match of fs.readFileSync(full, 'utf8').matchAll(IMPORT)) {
        const specifier = match[1] ?? '';
        if (!specifier.startsWith('.')) {
          continue;
        }
        const target = path.relative(modulesDir, path.resolve(path.dirname(full), specifier));
        const [other] = target.split(path.sep);
        if (other && other !== module && !other.startsWith('..') && !edges.has(other)) {
          edges.set(other, { file: path.relative(modulesDir, full), specifier });
        }
      }
    }
  }
  return graph;
}

/**
 * The import cycles between modules: every strongly connected group of two or more modules,
 * each as one closed path through it (`a → b → a`), so the message names the edges to cut.
 */
export function findModuleCycles(graph: ReadonlyMap<string, ReadonlyMap<string, unknown>>) {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member !== undefined) {
          onStack.delete(member);
          group.push(member);
        }
      } while (member !== undefined && member !== node);
      if (group.length > 1) {
        groups.push(group.sort());
      }
    }
  };
  for (const node of graph.keys()) {
    if (!index.has(node)) {
      visit(node);
    }
  }
  return groups.map((group) => closedPath(graph, group));
}

/** One cycle through the first member of `group`, found breadth-first inside the group. */
function closedPath(graph: ReadonlyMap<string, ReadonlyMap<string, unknown>>, group: string[]) {
  const members = new Set(group);
  const start = group[0] ?? '';
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() ?? '';
    for (const next of graph.get(node)?.keys() ?? []) {
      if (next === start) {
        const path = [node];
        while (path[0] !== start) {
          path.unshift(previous.get(path[0] ?? '') ?? start);
        }
        return [...path, start];
      }
      if (members.has(next) && !previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [...group, start];
}
