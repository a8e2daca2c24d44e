// One lint configuration for every workspace (flat config; each workspace's `npm run lint` finds it).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Another app's code, by package name or by a path out of this one. */
const APP_IMPORTS = {
  regex: String.raw`^(@grocer/(shell|mf-[a-z-]+|api|e2e)(/|$)|(\.\./)+(shell|mf-[a-z-]+|api/src)/)`,
  message: 'Apps never import each other: they meet through @grocer/shared (store, api, event bus, contracts).',
};
/** The dev stand-ins (api/src/dev), from anywhere in the API but their own folder, app.ts and tests. */
const DEV_IMPORTS = {
  regex: String.raw`^(\./|(\.\./)+)dev/`,
  message:
    'The dev stand-ins join the API only through their plugin (api/src/dev/index.ts, registered in app.ts): production code takes ports.',
};
const FEATURE_MESSAGE = 'A feature never imports another feature: move what both need to components/ or lib/.';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      '.tmp/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'api/drizzle/**',
      '**/coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // The house's boundaries (DESIGN.md): what may import what. Apps meet only through @grocer/shared;
  // shared knows no app; a route feature uses shared code from components/ or lib/, never another
  // feature; the API's services are called by routes and plugins, never the other way round; the dev
  // stand-ins join the API through their one plugin.
  {
    files: ['shell/**/*.{ts,tsx}', 'mf-*/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [APP_IMPORTS] }] },
  },
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ ...APP_IMPORTS, message: '@grocer/shared is used by every app and imports none of them.' }] },
      ],
    },
  },
  {
    files: ['*/src/features/*/*.{ts,tsx}'],
    // Tests may compose two features to prove a flow that crosses them.
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [APP_IMPORTS, { regex: String.raw`^\.\./(?!\.\.)`, message: FEATURE_MESSAGE }] }],
    },
  },
  {
    files: ['*/src/features/*/*/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [APP_IMPORTS, { regex: String.raw`^\.\./\.\./(?!\.\.)`, message: FEATURE_MESSAGE }] }],
    },
  },
  {
    files: ['api/src/services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(\.\./)+(routes|plugins)/`,
              message: 'Services are called by routes and plugins and import neither: pass what they need in.',
            },
            DEV_IMPORTS,
          ],
        },
      ],
    },
  },
  {
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/services/**', 'api/src/dev/**', 'api/src/app.ts', 'api/src/testing/**', '**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [DEV_IMPORTS] }] },
  },
  {
    files: ['api/src/app.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^\./dev/(?!index\.ts$)`,
              message: 'app.ts registers the stand-ins as one plugin: import ./dev/index.ts only.',
            },
          ],
        },
      ],
    },
  },
  // The wire schemas (@grocer/shared/schemas) and TypeBox are the API's: browsers get the contract
  // types derived from them, type-only, and pay nothing. Its own rule name, so the zones above stay whole.
  {
    files: ['shell/**/*.{ts,tsx}', 'mf-*/**/*.{ts,tsx}', 'shared/src/**/*.{ts,tsx}'],
    ignores: ['shared/src/schemas/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(@grocer/shared/schemas|typebox)(/|$)|^(\.\.?/)+schemas/`,
              allowTypeImports: true,
              message: 'The wire schemas and TypeBox stay out of the browser: import the contract types (type-only).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.tsx', '**/use*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
