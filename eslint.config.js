// ESLint flat config; `npm run lint` runs it, then Prettier's check. .astro files are not linted
// (eslint-plugin-astro is not installed): `astro check` covers their types.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Code that ships to the browser: islands, features, shared components and helpers, stores, page scripts. */
const browserCode = [
  'src/islands/**',
  'src/features/**',
  'src/components/**',
  'src/lib/**',
  'src/stores/**',
  'src/scripts/**',
  'src/directives/**',
  'src/testing/**',
];

/** The shared ground of the browser code: features import it, it imports no feature. */
const sharedBrowserCode = ['src/components/**', 'src/lib/**', 'src/stores/**', 'src/scripts/**', 'src/directives/**', 'src/testing/**'];

/** The feature folders (src/features/<name>/, decision 29), read from disk so a new feature is covered at once. */
const features = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/**
 * The architecture's import boundaries (docs/commands.md, "Lint and format"), as `no-restricted-imports`
 * patterns that catch relative imports at any depth (`../server/x`, `../../db/schema`).
 * scripts/lint-boundaries.test.ts shows each one failing. A file gets only the last
 * `no-restricted-imports` setting that matches it, so each block lists every boundary that
 * holds for its files.
 *
 * src/lib/site-content.ts reads the content collections at build time (`astro:content`) and
 * nothing from src/server or db/, so it needs no exception.
 */
const boundaries = {
  browserToServer: {
    group: ['**/server/*', '**/server/**'],
    message:
      'Boundary "browser code never imports src/server": server modules hold secrets and database access. Share types and schemas through src/schemas.',
  },
  browserToDb: {
    group: ['**/db/*', '**/db/**'],
    message: 'Boundary "browser code never imports db/": the database layer is server-only. Call the API (src/lib/api.ts).',
  },
  dbToServer: {
    group: ['**/server/*', '**/server/**'],
    message: 'Boundary "db/ never imports src/server": db/ is the lower layer (schema, client, seed); pass what it needs in as arguments.',
  },
  serviceToHttp: {
    group: ['./http', './http/**', '**/http', '**/http/**', '**/http.ts'],
    message:
      'Boundary "services never import the HTTP pipeline (src/server/platform/http/)": a service takes plain arguments and returns data or throws a domain error; the function file maps that to HTTP.',
  },
};

/**
 * Feature `to` seen from feature `from`: through the features folder at any depth, or as a
 * sibling (`../chat/x` from the feature's root, `../../chat/x` from a subfolder of it).
 */
const featureToFeature = (from, to) => ({
  group: [`**/features/${to}`, `**/features/${to}/**`, `../${to}`, `../${to}/**`, `../../${to}`, `../../${to}/**`],
  message: `Boundary "a feature never imports another feature": src/features/${from} imports src/features/${to}. Share through src/components/app, src/components/ui, src/lib, src/stores or src/schemas, or let the island in src/islands compose both.`,
});

const sharedToFeature = {
  group: ['**/features/*', '**/features/**'],
  message:
    'Boundary "shared code never imports a feature": src/components, src/lib, src/stores and the other shared folders serve every feature, so they know none. Move the piece into the feature, or pass it in from the island.',
};

const serverToFeature = {
  group: ['**/features/*', '**/features/**', '**/islands/*', '**/islands/**', '**/components/**'],
  message:
    'Boundary "src/server never imports browser code": features, islands and components are the client; share types and schemas through src/schemas.',
};

/**
 * src/server/<to>/ seen from src/server/<from>/: through src/server at any depth, or as a sibling
 * (`../company/x` from the folder's root, `../../company/x` from a subfolder of it). Checkout and
 * company are two product kinds' sides of one purchase: each imports what it needs of the other
 * through src/server/products (the product kinds' interface), so neither can grow into the other
 * and no import cycle can form between them.
 */
const serverFolderToFolder = (from, to) => ({
  group: [`**/server/${to}`, `**/server/${to}/**`, `../${to}`, `../${to}/**`, `../../${to}`, `../../${to}/**`],
  message: `Boundary "checkout and company never import each other": src/server/${from} imports src/server/${to}. Put what both need behind the product kinds' interface in src/server/products, which both may import.`,
});

/** The server's feature folders (every folder of src/server but platform/), read from disk like the client's. */
const serverFeatures = readdirSync(new URL('./src/server/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'platform')
  .map((entry) => entry.name)
  .sort();

/**
 * A feature folder seen from src/server/platform/ (`../x` from its root, `../../x` from a
 * subfolder, or through src/server). The pipeline reads the session, so `auth/session` is the one
 * exception; `auth/*` rather than `auth` keeps that exception possible (a matched folder hides
 * everything under it).
 */
const platformToFeature = {
  group: [
    ...serverFeatures.flatMap((name) => {
      const inside = name === 'auth' ? ['/*', '/**'] : ['', '/**'];
      return ['**/server/', '../', '../../'].flatMap((base) => inside.map((tail) => `${base}${name}${tail}`));
    }),
    '!**/server/auth/session',
    '!**/server/auth/session.ts',
    '!../auth/session',
    '!../auth/session.ts',
    '!../../auth/session',
    '!../../auth/session.ts',
  ],
  message:
    'Boundary "platform never imports a feature": src/server/platform is what every feature stands on, so it knows none (the pipeline\'s session, src/server/auth/session.ts, is the one exception). Move the piece into platform, or pass it in.',
};

const restrict = (...rules) => ['error', { patterns: rules }];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.netlify/',
      '.astro/',
      'node_modules/',
      '.data/',
      'db/migrations/',
      'public/',
      'test-results/',
      'playwright-report/',
      'coverage/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      // Type information for the three promise rules below: about 20 s for the whole
      // repository on two cores (the full type-checked preset reports mostly noise here).
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        // React 19's act() is typed as a thenable even around synchronous work (fake timers).
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: '@testing-library/react', name: 'act' },
            { from: 'package', package: 'react', name: 'act' },
          ],
        },
      ],
      '@typescript-eslint/await-thenable': 'error',
      // Async event handlers, server callbacks and Astro's async client directives are fine.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Input validation here matches control characters on purpose (src/schemas/text.ts,
      // the Host header check in src/dev/node-bridge.ts).
      'no-control-regex': 'off',
    },
  },
  { files: ['**/*.{js,mjs}'], ...tseslint.configs.disableTypeChecked },
  { files: browserCode, languageOptions: { globals: { ...globals.browser } } },
  { files: ['**/*.tsx'], ...reactHooks.configs.flat.recommended },
  { files: ['**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: browserCode,
    rules: { 'no-restricted-imports': restrict(boundaries.browserToServer, boundaries.browserToDb) },
  },
  {
    files: sharedBrowserCode,
    rules: { 'no-restricted-imports': restrict(boundaries.browserToServer, boundaries.browserToDb, sharedToFeature) },
  },
  // One block per feature: it may import shared code, never another feature.
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': restrict(
        boundaries.browserToServer,
        boundaries.browserToDb,
        ...features.filter((other) => other !== feature).map((other) => featureToFeature(feature, other)),
      ),
    },
  })),
  {
    // Tests of browser code run in Node and never ship; they may compare against the server
    // (src/lib/signed-in-hint.test.ts checks the cookie name the server sets).
    files: browserCode.map((dir) => `${dir}/*.test.{ts,tsx}`),
    rules: { 'no-restricted-imports': 'off' },
  },
  { files: ['db/**'], rules: { 'no-restricted-imports': restrict(boundaries.dbToServer) } },
  { files: ['src/server/**'], rules: { 'no-restricted-imports': restrict(serverToFeature) } },
  // Services in every server folder, at any depth.
  { files: ['src/server/**/*.service.ts'], rules: { 'no-restricted-imports': restrict(boundaries.serviceToHttp, serverToFeature) } },
  { files: ['src/server/platform/**'], rules: { 'no-restricted-imports': restrict(serverToFeature, platformToFeature) } },
  {
    files: ['src/server/platform/**/*.service.ts'],
    rules: { 'no-restricted-imports': restrict(boundaries.serviceToHttp, serverToFeature, platformToFeature) },
  },
  // Checkout and company: the server's boundaries above (repeated, as the last block wins), and not each other.
  ...[
    ['checkout', 'company'],
    ['company', 'checkout'],
  ].flatMap(([from, to]) => [
    { files: [`src/server/${from}/**`], rules: { 'no-restricted-imports': restrict(serverToFeature, serverFolderToFolder(from, to)) } },
    {
      files: [`src/server/${from}/**/*.service.ts`],
      rules: { 'no-restricted-imports': restrict(boundaries.serviceToHttp, serverToFeature, serverFolderToFolder(from, to)) },
    },
  ]),
  {
    // The browser reads API data with the type of its route's response contract (a schema in
    // src/schemas given as `typeof xResponse` to apiJson, getQueryFn, getJson or getPage), which the
    // server's tests hold every answer to; an `as` on an answer would skip that contract.
    files: ['src/features/**/*.{ts,tsx}', 'src/islands/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression:has(CallExpression[callee.property.name='json'])",
          message: 'Type an API answer by its response contract (apiJson/getQueryFn/getJson/getPage with `typeof xResponse`), not with `as`.',
        },
        {
          selector:
            "TSAsExpression[typeAnnotation.type!='TSUnknownKeyword']:has(CallExpression[callee.object.name='JSON'][callee.property.name='parse'])",
          message: 'Parse API JSON as `unknown` and take its type from the response contract, not from `as`.',
        },
        {
          selector: "TSAsExpression[expression.type='MemberExpression'][expression.property.name=/^(body|data|content|status)$/]",
          message: "An API answer's field has the type its response contract gives it: narrow it (or fix the contract) instead of `as`.",
        },
      ],
    },
  },
);
