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

// Boundaries (import-x/no-restricted-paths, on resolved paths, so no spelling of a path slips by):
// a web feature imports no other feature (shared pieces live in components/ or lib/, which import
// no feature); server lib/ is infrastructure and imports no feature module.
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
];

const BOUNDARY_ZONES = [
  ...SHARED_ZONES,
  // A module's repo is its own: other modules reach it through its service or `<module>.public.ts`.
  ...foldersIn(`${SERVER}/modules`).map((module) => ({
    target: `${SERVER}/modules/${module}`,
    from: `${SERVER}/modules/*/*.repo.ts`,
    except: [`${ROOT}/apps/server/src/modules/${module}/*.repo.ts`],
    message: "Use the other module's service or its <module>.public.ts, not its repo.",
  })),
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
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: BOUNDARY_ZONES }],
      // Fastify handlers and plugins are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    // Tests build apps and data across modules (a mapping row straight into the database), so the
    // module zones do not bind them; every other zone does.
    files: ['apps/server/**/*.test.ts', 'apps/server/**/*test-helpers.ts', 'apps/server/test/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: SHARED_ZONES }],
    },
  },
  {
    // expect.any() and friends are typed `any` by design.
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts', 'e2e/**/*.ts'],
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
