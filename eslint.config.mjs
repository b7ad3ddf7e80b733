// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const tests = [
  '**/*.spec.ts',
  '**/*.spec.tsx',
  '**/*.int-spec.ts',
  '**/*.e2e-spec.ts',
  '**/*.faults-spec.ts',
  'backend/test/**',
  'libs/testkit/**',
  'e2e/**',
  'bench/src/**',
];

/**
 * Type-aware linting over the whole tree, run by `npm test` with no warnings allowed. The rules that matter
 * most here are the promise ones: a promise nobody awaits loses its error, in a request handler, a worker or
 * a socket loop alike.
 */
export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'bench/results/**',
      'frontend/dev-dist/**',
      '**/*.d.ts',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // The test project comes first: it is the one that holds the unit specs next to the sources.
      parserOptions: {
        project: [
          'backend/test/tsconfig.json',
          'frontend/tsconfig.json',
          'backend/tsconfig.json',
          'workers/tsconfig.json',
          'libs/*/tsconfig.json',
          'bench/tsconfig.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Async methods that implement an async interface without awaiting (fakes, caches) are fine as they are.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // An async handler on a JSX attribute is how forms submit; React ignores what it returns.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // react-hook-form's methods (register, handleSubmit, ...) are meant to be destructured.
      '@typescript-eslint/unbound-method': 'off',
      // Its fix drops assertions that widen an empty literal (`{} as Record<string, boolean>`), which breaks the build.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // RTK Query's lifecycle helpers take the store's state as `any` (naming it would make the API's type refer
      // to itself), and that `any` flows into the selectors; the compiler's strict mode still checks the rest.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Tests read HTTP and socket bodies as `any` on purpose (the assertion is the type check), and their fakes
    // implement async interfaces with plain values.
    files: tests,
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // ws hands frames over as Buffer | ArrayBuffer | Buffer[]; tests only ever receive text frames.
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  { files: ['**/*.mjs', '**/*.js', '**/*.cjs'], ...tseslint.configs.disableTypeChecked },
);
