import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries (docs/platform.md "Import boundaries"). Every folder under
// web/src/features is one feature; the list is read here so a new feature is covered at once.
const features = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const boundaryZones = [
  ...features.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: move what both need to web/src/lib or web/src/components, or compose them in web/src/app.',
  })),
  {
    target: ['./web/src/lib', './web/src/components'],
    from: ['./web/src/features', './web/src/app'],
    message: 'web/src/lib and web/src/components are below features and app: they never import them.',
  },
  {
    target: './domain',
    from: ['./functions', './web', './scripts', './tests'],
    message: 'domain/ depends on nothing of the repository but itself.',
  },
  { target: './functions', from: './web', message: 'functions/ and web/ never import each other: share code through domain/.' },
  { target: './web', from: './functions', message: 'functions/ and web/ never import each other: share code through domain/.' },
  {
    target: './functions/src/lib',
    from: ['./functions/src/services', './functions/src/http'],
    message: 'functions/src/lib is below services and http: it never imports them.',
  },
  {
    target: './functions/src/services',
    from: './functions/src/http',
    message: 'Services never import the HTTP layer (routes → services → lib).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-prerender/**',
      // React Router's generated route types (`react-router typegen`, the Vite plugin).
      'web/.react-router/**',
      'functions/lib/**',
      '.emulators/**',
      'test-results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Comments cite documents inside this repository (docs/decisions/README.md maps the
      // starting design's sections and the machine notes to the records that replaced them).
      'no-warning-comments': ['error', { terms: ['DESIGN §', 'DESIGN.md', 'spec §', 'ENVIRONMENT.md', 'shop-spec'], location: 'anywhere' }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these import-x parses only .js files and sees no imports in a .ts file.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'domain/tsconfig.json', 'functions/tsconfig.json', 'web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      // Dynamic import() counts too: a lazy chunk that imports its importer is still a cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['domain/src/**/*.ts'],
    ignores: ['domain/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod(/|$)|\\.{1,2}/)', message: 'domain/ imports only zod and its own files.' }] },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
