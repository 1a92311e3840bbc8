// Lint for the whole workspace (`pnpm lint`). Besides the type-checked rules, it encodes the
// architecture's import boundaries (ARCHITECTURE.md §1): core runs in browsers and Node alike, the
// apps never import each other, the server never imports the editor and the editor reaches the
// provider by HTTP only. `scripts/lintBoundaries.test.ts` plants a violation of each and expects the error.
// Import circles and the layers of core's folders are checked on the import graph instead
// (scripts/importCycles.test.ts), which also sees dynamic import().
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const NODE_BUILTINS = ['node:*', 'fs', 'fs/*', 'path', 'http', 'https', 'net', 'os', 'child_process', 'url', 'crypto', 'stream', 'util'];

/** One boundary: files that match `files` may not import what `groups` name. */
function boundary(files, message, groups, ignores = []) {
  return {
    files,
    ignores,
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }] },
  };
}

const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/*.test-helper.ts', '**/testing/**'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/*.gen.js',
      'apps/editor/public/**',
      'bench/results/**',
      'test-results/**',
      '**/*.tgz',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', 'scripts/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Template literals with numbers are how messages are written here (`${count} nodes`).
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // `return reply(response, …)` ends a request handler early; the void it returns is the point.
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // jsonScan throws a light ScanStop (no stack) on its hot path and turns it into a finding.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'file', name: 'ScanStop' }] }],
      // An async function that implements an async interface (a cassette's chat, a step's ask)
      // stays async without awaiting, so that what it throws becomes a rejection.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/editor/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrollable <pre> must be reachable by keyboard (axe: scrollable-region-focusable), and
      // a focusable separator is the ARIA window splitter.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: ['pre'], roles: ['tabpanel', 'separator'] }],
    },
  },
  {
    files: TEST_FILES.concat(['apps/editor/test/**', 'bench/**', 'apps/flowctl/test/**']),
    rules: {
      // Tests state what they expect of values they built themselves, and check parsed JSON
      // bodies with expect(), which is the runtime check the no-unsafe-* rules ask for.
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // Teardown runs after a setup that may have failed half-way, whatever the types say.
      '@typescript-eslint/no-unnecessary-condition': 'off',
    },
  },

  {
    // The compiler also renders documents read straight from files before validation (flowctl
    // compile, diff): its fallbacks for absent fields stay although the types say present.
    files: ['packages/core/src/compile/**'],
    rules: { '@typescript-eslint/no-unnecessary-condition': 'off' },
  },

  // Import boundaries (ARCHITECTURE.md §1).
  boundary(
    ['packages/core/src/**'],
    '@flow/core runs in browsers and Node alike: it imports no React, zustand, @xyflow, node: module, other package or app.',
    [
      'react',
      'react/*',
      'react-dom',
      'react-dom/*',
      'zustand',
      'zustand/*',
      '@xyflow/*',
      ...NODE_BUILTINS,
      '@flow/server',
      '@flow/server/*',
      '@flow/runtime',
      '@flow/runtime/*',
      '@flow/editor',
      'flowctl',
      '**/apps/**',
      '**/server/src/**',
      '**/runtime/src/**',
    ],
    TEST_FILES,
  ),
  boundary(['packages/runtime/src/**'], '@flow/runtime has no UI and no provider: it imports no React, @flow/server or app.', [
    'react',
    'react/*',
    'react-dom',
    'zustand',
    '@xyflow/*',
    '@flow/server',
    '@flow/server/*',
    '@flow/editor',
    'flowctl',
    '**/apps/**',
    '**/server/src/**',
  ]),
  boundary(['packages/server/src/**'], 'The provider never imports editor code or an app: the editor is served as built files.', [
    'react',
    'react/*',
    'react-dom',
    'react-dom/*',
    'zustand',
    '@xyflow/*',
    '@flow/editor',
    '@flow/editor/*',
    'flowctl',
    '**/apps/**',
  ]),
  boundary(
    ['apps/editor/src/**'],
    'The editor reaches the provider by HTTP only and never imports another app or Node modules.',
    [
      '@flow/server',
      '@flow/server/*',
      '@flow/runtime',
      '@flow/runtime/*',
      'flowctl',
      '**/flowctl/**',
      '**/packages/server/**',
      ...NODE_BUILTINS,
    ],
    TEST_FILES,
  ),
  boundary(['apps/flowctl/src/**'], 'flowctl never imports the editor: `flowctl serve` serves its built files.', [
    '@flow/editor',
    '@flow/editor/*',
    '**/apps/editor/**',
    '**/editor/src/**',
    'react',
    'react-dom',
    '@xyflow/*',
  ]),
);
