// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { readdirSync, readFileSync } from 'node:fs';

/** The floors of the server and the web, bottom to top (decision 020): one list for the lint and the tests. */
const FLOORS = JSON.parse(readFileSync(`${import.meta.dirname}/floors.json`, 'utf8'));

/** A pattern's own third element, when given, says whether it lets type imports through. */
const forbid = (patterns, allowTypeImports = false) => [
  'error',
  {
    patterns: patterns.map(([what, message, allowTypes = allowTypeImports]) =>
      typeof what === 'string'
        ? { regex: what, message, allowTypeImports: allowTypes }
        : { group: what, message, allowTypeImports: allowTypes },
    ),
  },
];

// rule 2 and 3 on the server; repeated in each server block, since a later block's patterns replace an earlier one's
const noWebCode = [['@crust/web', '**/apps/web/**', 'react'], 'the server never imports web code'];
const onlyReposUseDrizzle = [
  ['drizzle-orm', 'drizzle-orm/*'],
  'only repo.ts files and src/db import Drizzle',
];
// decision 013: a module is entered through its services and faces, never through its queries or its HTTP
const frontDoorsOnly = [
  '^(\\.\\./[^./][^/]*|(\\.\\./)+modules/[^/]+)/(repo|([a-z-]+-)?routes)(\\.ts)?$',
  "another module's repo.ts or routes.ts: use what its service.ts (or a face such as orders/queries.ts) exports, injected by buildApp",
  false,
];

// issue 29 §3: the server's floors, bottom to top, each a folder or a file directly under apps/server/src. A file
// imports its own floor or lower ones, never a higher one (type imports too); test/import-cycles.test.ts keeps the
// same list and counts every import, so a folder added under src/ must take its place in both.
const SERVER = 'apps/server/src';
const serverFloors = FLOORS.server;
const serverZones = serverFloors.slice(0, -1).map((floor, i) => ({
  target: `${SERVER}/${floor}`,
  from: serverFloors.slice(i + 1).map((higher) => `${SERVER}/${higher}`),
  message: `${floor} imports only itself and the floors below it (${serverFloors.slice(0, i).join(', ') || 'none'}): what a lower floor needs moves down`,
}));

// issue 13 §4: features keep to themselves. Each folder under apps/web/src/features is one feature (read here, so a
// new one is covered as it lands); it imports itself and the floors below it, no other feature.
const WEB = 'apps/web/src';
const features = readdirSync(`${import.meta.dirname}/${WEB}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// issue 29: the web's floors, bottom to top (main.tsx and anything else of src/ sit above them all). A floor imports
// its own and those below it, nothing above: config/ nothing of src/ outside itself, shared/ no feature and
// nothing of app/, a feature nothing of app/. apps/web/test/floors.test.ts counts type-only imports too.
const WEB_FLOORS = FLOORS.web;
const webZones = [
  ...WEB_FLOORS.slice(0, -1).map((floor, i) => {
    const below = WEB_FLOORS.slice(0, i + 1);
    return {
      target: `${WEB}/${floor}`,
      from: WEB,
      except: below.map((ok) => `./${ok}`),
      message: `${floor}/ imports only ${below.map((ok) => `${ok}/`).join(', ')}: the floors go ${WEB_FLOORS.join('/ → ')}/`,
    };
  }),
  ...features.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: `features/${feature} imports only itself and the floors below: what several features use moves to shared/`,
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/src/db/migrations/**',
      'apps/web/public/**',
      'bench/results/**',
      'test-results/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  // tests may poke at loosely typed JSON bodies
  {
    files: ['**/test/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  // ARCHITECTURE.md rule 1: the domain is pure
  {
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': forbid([
        [['@crust/contract', '@crust/contract/*'], 'domain depends on nothing'],
        [['@crust/server', '@crust/web', '**/apps/**'], 'domain depends on nothing'],
        [
          [
            'react',
            'react-*',
            'fastify',
            'fastify-*',
            '@fastify/*',
            'drizzle-orm',
            'drizzle-orm/*',
            'pg',
            'zod',
          ],
          'no frameworks in the domain',
        ],
        [['node:*', 'fs', 'path', 'crypto', 'http'], 'no I/O in the domain'],
      ]),
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'pass the clock in' },
        { object: 'Math', property: 'random', message: 'pass ids and randomness in' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'pass the clock in' },
      ],
    },
  },
  // rule 2: contract → domain only
  {
    files: ['packages/contract/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': forbid([
        [['@crust/server', '@crust/web', '**/apps/**'], 'the contract depends only on the domain'],
        [['react', 'fastify', 'drizzle-orm', 'drizzle-orm/*', 'pg'], 'the contract is schemas only'],
      ]),
    },
  },
  // rule 2: web → contract, domain; never server code; zod only as types (bundle budget)
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': forbid(
        [
          [
            ['@crust/server', '@crust/server/*', '**/apps/server/**'],
            'the web app never imports server code',
          ],
          [['drizzle-orm', 'drizzle-orm/*', 'fastify', '@fastify/*', 'pg', 'node:*'], 'server-side packages'],
          [['zod', 'zod/*'], 'zod at runtime would blow the initial JS budget; import types only'],
          [
            '^@crust/contract(/(?!((console-)?paths|partner-bridge)$).*)?$',
            'runtime imports of the contract pull zod in: use import type, or @crust/contract/paths (console-paths)',
          ],
        ],
        true,
      ),
    },
  },
  // issue 13 §3: a screen's path is written once, in config/paths.ts; nothing else writes a string or template that
  // starts like one ('/cart', `/menu/${slug}`, `${area}/login`). API paths come from @crust/contract/paths.
  // (esquery's regex cannot hold a '/', hence \x2F.)
  {
    files: [
      'apps/web/src/features/**/*.{ts,tsx}',
      'apps/web/src/shared/**/*.{ts,tsx}',
      'apps/web/src/app/**/*.{ts,tsx}',
      'apps/web/src/config/**/*.{ts,tsx}',
    ],
    // the table itself, and the post-order area's prefix that it puts before its twins
    ignores: ['apps/web/src/config/paths.ts', 'apps/web/src/config/area.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          String.raw`Literal[raw=/^['"]\x2F(?!api\x2F)[A-Za-z]/]`,
          String.raw`TemplateElement[value.raw=/^\x2F(?!api\x2F)[A-Za-z]/]`,
        ].map((selector) => ({
          selector,
          message: "a screen's path is written once, in apps/web/src/config/paths.ts: use paths.<screen>(…)",
        })),
      ],
    },
  },
  // rule 2 and 3: the server never imports web code; only repo.ts files and src/db touch Drizzle
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/repo.ts', 'apps/server/src/db/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': forbid([noWebCode, onlyReposUseDrizzle], true),
    },
  },
  // decision 013: one front door per module
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/repo.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': forbid(
        [noWebCode, onlyReposUseDrizzle, frontDoorsOnly],
        true,
      ),
    },
  },
  {
    files: ['apps/server/src/modules/**/repo.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': forbid([noWebCode, frontDoorsOnly], true),
    },
  },
  // decision 013: no import cycles in the server (this sees imports that run; test/import-cycles.test.ts also
  // counts type-only ones); issue 29 §3: no import from a lower floor to a higher one (serverZones above)
  {
    files: ['apps/server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts'],
      'import-x/resolver': { node: { extensions: ['.ts', '.js'] } },
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: serverZones }],
    },
  },
  // issue 13 §4 and issue 29: the floors and the features keep to themselves (webZones above), and the web app has
  // no import cycle either (apps/server/test/import-cycles.test.ts also counts type-only imports)
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: webZones }],
    },
  },
);
