import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// A probe per boundary: one file that breaks the rule, linted with the repo's own eslint.config.js
// (so `npm run lint` would fail on it), and the allowed spelling next to it, which must pass. The
// probes are virtual (lintText with a path), so nothing is written into the source tree.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const RULE = 'import-x/no-restricted-paths';

const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: path.join(ROOT, 'eslint.config.js'),
  // A virtual file is in no TypeScript project: lint it without type information, and only for
  // the boundary rule (the other rules have their own runs).
  overrideConfig: [{ files: ['**/*.ts'], ...tseslint.configs.disableTypeChecked }],
  ruleFilter: ({ ruleId }) => ruleId === RULE,
});

/** The boundary messages a file at `file` (from the repo root) importing `specifier` gets. */
async function boundaryErrors(file: string, specifier: string): Promise<string[]> {
  const code = `import * as probe from '${specifier}';\n\nexport const used = probe;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const SERVER = 'apps/server/src';

describe('lint boundaries', { timeout: 60_000 }, () => {
  it.each([
    // A module's code may enter another module only through its public file.
    [`${SERVER}/modules/tables/probe.ts`, '../records/records.repo.ts', 'only through its'],
    [`${SERVER}/modules/records/probe.ts`, '../tables/tables.model.ts', 'only through its'],
    [`${SERVER}/modules/table-schema/probe.ts`, '../mappings/mappings.service.ts', 'only through'],
    // pdf/ is pure PDF code.
    [`${SERVER}/pdf/fill/probe.ts`, '../../modules/records/records.public.ts', 'pdf/ is pure'],
    [`${SERVER}/pdf/detect/probe.ts`, '../../db/database.ts', 'pdf/ is pure'],
    [`${SERVER}/pdf/fill/probe.ts`, '../../lib/jobs/job-book.ts', 'pdf/ is pure'],
    // suggest/ and lib/ import no feature module.
    [`${SERVER}/suggest/probe.ts`, '../modules/mappings/mappings.public.ts', 'suggest/ is pure'],
    [`${SERVER}/lib/probe.ts`, '../modules/records/records.public.ts', 'lib/ is infrastructure'],
    // The contract imports nothing from the apps.
    ['packages/contract/src/probe.ts', '../../../apps/server/src/config.ts', 'The contract'],
    // Web features import no other feature.
    ['apps/web/src/features/jobs/probe.ts', '../tables/api/tables-api.ts', 'other features'],
  ])('%s importing %s fails lint', async (file, specifier, message) => {
    const errors = await boundaryErrors(file, specifier);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`${RULE}: Unexpected path "${specifier}"`);
    expect(errors[0]).toContain(message);
  });

  it.each([
    [`${SERVER}/modules/tables/probe.ts`, './tables.repo.ts'],
    [`${SERVER}/modules/table-schema/probe.ts`, '../records/records.public.ts'],
    [`${SERVER}/pdf/fill/probe.ts`, '../objects/pdf-unsafe.ts'],
    [`${SERVER}/pdf/detect/probe.ts`, '../../suggest/regions.ts'],
    ['packages/contract/src/probe.ts', './limits.ts'],
    // Tests build data across modules: the module zones do not bind them.
    [`${SERVER}/modules/tables/probe.test.ts`, '../mappings/mappings.repo.ts'],
  ])('%s importing %s passes', async (file, specifier) => {
    expect(await boundaryErrors(file, specifier)).toEqual([]);
  });
});
