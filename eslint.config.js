// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const CROSS_FEATURE =
  'Features must not import other features; move the shared piece to components/ or lib/.';

const ROOT = import.meta.dirname;
const WEB = './apps/web/src';
const SERVER = './apps/server/src';
const foldersIn = (dir) =>
  fs
    .readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// Boundaries (import-x/no-restricted-paths, on resolved paths, so no spelling of a path slips by;
// apps/server/test/lint-boundaries.test.ts lints one violating import per rule to prove each one
// fails). Zones every file obeys, tests included: a web feature imports no other feature (shared
// pieces live in components/ or lib/, which import no feature); server lib/ is infrastructure and
// suggest/ is pure scoring, neither imports a feature module; the contract imports nothing from
// the apps.
const SHARED_ZONES = [
  ...foldersIn(`${WEB}/features`).map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: CROSS_FEATURE,
  })),
  {
    target: [`${WEB}/lib`, `${WEB}/components`],
    from: `${WEB}/features`,
    message: 'Shared code (lib/, components/) must not depend on a feature.',
  },
  {
    target: `${SERVER}/lib`,
    from: `${SERVER}/modules`,
    message: 'lib/ is infrastructure: it must not import feature modules.',
  },
  {
    target: `${SERVER}/suggest`,
    from: `${SERVER}/modules`,
    message: 'suggest/ is pure scoring over field data: it must not import feature modules.',
  },
  {
    target: './packages/contract',
    from: ['./apps', './e2e'],
    message: 'The contract is shared by server and web: it must not import from the apps.',
  },
];

// Zones for the apps' own code; tests (*.test.ts, test helpers, apps/server/test/) are exempt
// because they build apps and data across modules (a mapping row straight into the database)
// and check pdf/ output with the server's tools.
const SOURCE_ZONES = [
  ...SHARED_ZONES,
  // A module is entered only through its public file (services and domain types, no repo rows):
  // a file of modules/A imports from modules/B only `B.public.ts`. The module-level cycle check
  // is apps/server/test/module-cycles.test.ts (import-x/no-cycle sees file cycles only).
  ...foldersIn(`${SERVER}/modules`).map((module) => ({
    target: `${SERVER}/modules/${module}`,
    from: `${SERVER}/modules/**`,
    except: [
      `${ROOT}/apps/server/src/modules/${module}/**`,
      `${ROOT}/apps/server/src/modules/*/*.public.ts`,
    ],
    message: 'Import another module only through its <module>.public.ts.',
  })),
  {
    target: `${SERVER}/pdf`,
    from: SERVER,
    // suggest/ is pure too (the detector reads its region rules).
    except: ['./pdf', './suggest'],
    message:
      'pdf/ is pure PDF code (bytes in, bytes out): no modules, lib/, db/ or jobs; pass what it needs in.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      // Which files import-x parses when it follows an import: without the TypeScript ones it
      // read no module past the one being linted, so no-cycle and the path zones saw no edges.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      // The TypeScript resolver follows `.ts` specifiers, extensionless web imports and the
      // workspace's `@formbridge/contract/*` exports.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
          project: [
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'packages/contract/tsconfig.json',
            'packages/client/tsconfig.json',
            'e2e/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      curly: ['error', 'all'],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: SOURCE_ZONES }],
      // Fastify handlers and plugins are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    // Tests obey the shared zones only (see SOURCE_ZONES).
    files: ['apps/server/**/*.test.ts', 'apps/server/**/*test-helpers.ts', 'apps/server/test/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: SHARED_ZONES }],
    },
  },
  {
    // expect.any() and friends are typed `any` by design.
    files: ['**/*.test.{ts,tsx}', '**/*test-helpers.ts', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Query keys come from lib/query-keys.ts, so screens that cache one answer share one entry.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Property[key.name="queryKey"][value.type="ArrayExpression"]',
          message: 'Build query keys with queryKeys from lib/query-keys.ts, not an array literal.',
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.config.ts', 'apps/web/pdf-assets.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
);
