/**
 * `npm run licenses [-- --list]`: every installed dependency's licence, checked compatible with
 * Formbridge's AGPL-3.0-or-later. Exits 1 naming each package whose licence is not on the list
 * below or cannot be read; `--list` prints every package with its licence (run by `.ci/run`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runScript, ScriptError } from './run-script.ts';

/** SPDX identifiers an AGPL-3.0-or-later program may depend on (permissive or GPLv3-compatible). */
const COMPATIBLE = new Set([
  '0BSD',
  'AGPL-3.0-only',
  'AGPL-3.0-or-later',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  // caniuse-lite's browser data (a build tool's input, not linked code).
  'CC-BY-4.0',
  'CC0-1.0',
  'GPL-3.0-only',
  'GPL-3.0-or-later',
  'ISC',
  'LGPL-2.1-or-later',
  'LGPL-3.0-only',
  'LGPL-3.0-or-later',
  'MIT',
  'MIT-0',
  'MPL-2.0',
  // The bundled Noto fonts: the SIL Open Font License allows bundling fonts with any software.
  'OFL-1.1',
  'Python-2.0',
  'Unlicense',
  'Zlib',
]);

/** Packages whose manifest names no SPDX licence, with the licence read from their files. */
const REVIEWED: Record<string, string> = {
  // "SEE LICENSE IN README.md AND LICENSE": the Bitstream Vera / Arev font licences, permissive.
  'dejavu-fonts-ttf': 'Bitstream-Vera',
};
COMPATIBLE.add('Bitstream-Vera');

type LockEntry = { version?: string; license?: string; dev?: boolean; link?: boolean };

/** True when an SPDX expression (`A OR B`, `A AND B`, parentheses) allows use with the AGPL. */
export function isCompatible(expression: string): boolean {
  const alternatives = expression.replace(/[()]/g, ' ').split(/\s+OR\s+/);
  return alternatives.some((alternative) =>
    alternative
      .split(/\s+AND\s+/)
      .map((id) => id.trim().replace(/\+$/, '-or-later'))
      .every((id) => COMPATIBLE.has(id)),
  );
}

/** The licence a package declares, or what its licence file says when the manifest is silent. */
function licenceOf(name: string, dir: string, entry: LockEntry): string | undefined {
  if (REVIEWED[name]) {
    return REVIEWED[name];
  }
  if (entry.license && !entry.license.startsWith('SEE LICENSE')) {
    return entry.license;
  }
  for (const file of ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'license', 'License']) {
    const path = join(dir, file);
    if (existsSync(path)) {
      const text = readFileSync(path, 'utf8');
      if (/Permission is hereby granted, free of charge/.test(text)) {
        return 'MIT';
      }
      if (/Permission to use, copy, modify, and\/or distribute/.test(text)) {
        return 'ISC';
      }
    }
  }
  // Old packages that name their licence only in the readme's "License" section (TJ's koa deps).
  for (const file of ['Readme.md', 'README.md', 'readme.md']) {
    const path = join(dir, file);
    if (
      existsSync(path) &&
      /##\s*License\s*\n+\s*\(?(The )?MIT\b/i.test(readFileSync(path, 'utf8'))
    ) {
      return 'MIT';
    }
  }
  return undefined;
}

await runScript('licenses', async () => {
  const root = join(import.meta.dirname, '..');
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const rows: string[] = [];
  const refused: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path.includes('node_modules/') || entry.link) {
      continue; // the workspaces themselves
    }
    const dir = join(root, path);
    if (!existsSync(join(dir, 'package.json'))) {
      continue; // an optional package for another platform, not installed here
    }
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const licence = licenceOf(name, dir, entry);
    const label = `${name}@${entry.version ?? '?'}${entry.dev ? ' (dev)' : ''}`;
    rows.push(`${label}\t${licence ?? 'unknown'}`);
    if (!licence || !isCompatible(licence)) {
      refused.push(`${label}: ${licence ?? 'no licence found'}`);
    }
  }
  if (process.argv.includes('--list')) {
    console.log(rows.sort().join('\n'));
  }
  if (refused.length > 0) {
    throw new ScriptError(
      `Licences not known to be compatible with AGPL-3.0-or-later: ${refused.join('; ')}`,
    );
  }
  console.log(`${rows.length} packages, every licence compatible with AGPL-3.0-or-later.`);
});
