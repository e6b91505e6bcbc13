import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The feature folders as they are on disk (a new folder is fenced the day it appears); eslint-boundaries.test.ts proves the fences hold.
const features = readdirSync(path.join(import.meta.dirname, 'src/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
// What features build on may not import a feature back: only the app's composition (App.tsx, routes) puts features together.
const sharedLayers = ['ui', 'api', 'offline', 'shell', 'i18n', 'theme', 'credit-check'];

// zod runs with the Italian messages set first: its one door is core/schemas/zod-config.ts (types may come from 'zod').
const ICON_FILES = { name: 'ionicons/icons', message: "One file per icon: import x from 'ionicons-svg/x.svg?raw' (src/ui/icon.tsx)." };
const ZOD_DOOR = { name: 'zod', allowTypeImports: true, message: 'Import z from core/schemas/zod-config (zod configured for Italian).' };

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'server/db/migrations', 'android', 'ios', 'bench/.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Every package the code imports is declared in package.json, not reached through another's (docs/adr/0172-dependencies-declared-pinned-none-unused.md).
      'import-x/no-extraneous-dependencies': ['error', { devDependencies: true, includeTypes: true }],
      // One import direction (docs/architecture.md): core imports nothing of ours; features never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './core', from: ['./src', './server', './sw', './e2e', './bench'], message: 'core/ is pure: it imports nothing of ours.' },
            { target: './server', from: ['./src', './sw'], message: 'The server does not import the app.' },
            { target: './src', from: ['./server', './sw'], message: 'The app does not import the server.' },
            { target: './sw', from: ['./server', './src/features'], message: 'The service worker imports core/ and src/offline only.' },
            ...sharedLayers.map((layer) => ({
              target: `./src/${layer}`,
              from: './src/features',
              message: `src/${layer} is shared by the features: it never imports one (compose in App.tsx, or move the piece here).`,
            })),
            ...features.map((f) => ({
              target: `./src/features/${f}`,
              from: './src/features',
              except: [`./${f}`],
              message: 'A feature never imports another feature: move shared pieces to src/ui, src/api or core/.',
            })),
          ],
        },
      ],
    },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
  },
  {
    // One module per Ionic component (src/ui/ionic/README.md): @ionic/react's index would put every component in the first screen's chunk.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/ui/ionic/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@ionic/react', allowTypeImports: true, message: 'Import Ionic components from src/ui/ionic (one module each).' },
            ZOD_DOOR,
            ICON_FILES,
          ],
        },
      ],
    },
  },
  {
    files: ['core/**/*.ts'],
    ignores: ['core/**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'process', 'fetch'],
    },
  },
  {
    files: ['core/**/*.ts', 'sw/**/*.ts', 'src/ui/ionic/**'],
    ignores: ['core/schemas/zod-config.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [ZOD_DOOR] }] },
  },
);
