// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { apiZones, webZones } from './eslint.boundaries.js';

const root = import.meta.dirname;
/** Resolves imports as TypeScript does (the web app's `@/` alias, `.ts` extensions, workspace packages). */
const resolver = createTypeScriptImportResolver({
  project: ['apps/api/tsconfig.json', 'apps/web/tsconfig.json'],
  noWarnOnMultipleProjects: true,
});

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      // Typed hooks live in app/hooks.ts (Redux style guide).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useSelector', 'useDispatch'],
              message: 'Use useAppSelector/useAppDispatch from app/hooks.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/app/hooks.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  // The architecture's boundaries (eslint.boundaries.js).
  {
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [resolver] },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: apiZones }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [resolver] },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: webZones }] },
  },
  prettier,
);
