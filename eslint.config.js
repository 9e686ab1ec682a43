import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import astro from 'eslint-plugin-astro';
import globals from 'globals';

/** The apps: none of them imports another (STYLE.md, "Layout"). */
const APPS = ['admin', 'seller', 'storefront', 'server'];

/** `no-restricted-imports` patterns that refuse the given workspace folders, by name or path. */
function refuse(folders, message) {
  const names = folders.join('|');
  return [
    { regex: `^@market/(${names})(/|$)`, message },
    // A relative path that climbs out of its package into another one.
    { regex: `^(\\.\\./)+(${names})/`, message },
  ];
}

/** Boundaries of one app: the other apps are out of reach. */
function appBoundaries(app) {
  const others = APPS.filter((a) => a !== app);
  return refuse(others, `${app} never imports another app (${others.join(', ')}).`);
}

/** A module's file reaching into another module's repository (`../<b>/<b>.repository.ts`). */
const FOREIGN_REPOSITORY = {
  regex: '^\\.\\./(\\.\\./modules/)?[^/]+/[^/]+\\.repository(\\.ts)?$',
  message:
    "A module never imports another module's repository: ask that module's facade or service.",
};

/** shared runs in browsers, SSR and Node: zod and its own files only. */
const SHARED_MESSAGE =
  'shared imports only zod and its own files (it runs in browsers, SSR and Node).';
function sharedBoundaries(allowed) {
  return [
    { regex: `^(?!(${allowed.join('|')})(/|$)|\\.{1,2}/)`, message: SHARED_MESSAGE },
    ...refuse([...APPS, 'console-kit', 'e2e'], SHARED_MESSAGE),
  ];
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/.astro/**', '**/node_modules/**', '**/.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs['flat/recommended'],
  {
    files: [
      'admin/src/**/*.{ts,tsx}',
      'seller/src/**/*.{ts,tsx}',
      'console-kit/src/**/*.{ts,tsx}',
      'storefront/src/**/*.{ts,tsx}',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },

  // Type-aware rules: correctness rests on awaited conditional writes, so a promise is either
  // awaited or explicitly `void`ed (with a comment saying why fire-and-forget is right there).
  {
    files: [
      '{admin,seller,console-kit,storefront,server,shared,e2e}/**/*.{ts,tsx}',
      'packages/*/**/*.{ts,tsx}',
    ],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // `return promise` inside try/catch skips the catch: await it there.
      '@typescript-eslint/return-await': ['error', 'error-handling-correctness-only'],
    },
  },

  // Import boundaries. A later block's `no-restricted-imports` replaces an earlier one for the
  // files both match, so each block lists every pattern that applies to its files.
  ...APPS.map((app) => ({
    files: [`${app}/**/*.{ts,tsx,js,mjs,astro}`],
    rules: { 'no-restricted-imports': ['error', { patterns: appBoundaries(app) }] },
  })),
  {
    files: ['console-kit/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: refuse(APPS, 'console-kit serves the consoles and imports no app.') },
      ],
    },
  },
  {
    files: ['server/src/modules/*/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...appBoundaries('server'), FOREIGN_REPOSITORY] },
      ],
    },
  },
  {
    files: ['shared/src/**/*.ts'],
    ignores: ['shared/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: sharedBoundaries(['zod']) }] },
  },
  {
    files: ['shared/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: sharedBoundaries(['zod', 'vitest']) }],
    },
  },
);
