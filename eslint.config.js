import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Web features import one another only along these edges, so dependencies run one way; what two
// features share goes down into src/web/components or src/web/lib instead.
const WEB_FEATURE_EDGES = {
  // The home lists a collection's albums and opens its share and export dialogs; it shows the
  // progress of the cover and detail lookups after an import.
  'collection-home': ['albums', 'collections', 'sharing', 'export', 'enrichment'],
  // The album form picks a collection, autofills from a pressing and chooses a cover.
  albums: ['collections', 'releases', 'cover-art'],
  // Covers shown or imported: a pressing's in the pressings list, an album's on a shared page.
  releases: ['cover-art'],
  sharing: ['cover-art'],
  // The import page links to, and after an import opens, a collection's home; it shows the lookups
  // the import queued.
  import: ['collections', 'enrichment'],
  // Keep-your-records offers the CSV export and the sign-out; the page reads the profile.
  subscription: ['auth', 'export', 'users'],
  // The wish form reuses the album form's autofill and cover picker; Got it picks a collection and
  // makes an album (so the album list is read again).
  wishlist: ['albums', 'collections', 'releases', 'cover-art'],
  // The record check reads the album list offline, formats prices as albums do, and uses the
  // barcode scanner and MusicBrainz lookup of releases.
  'record-check': ['albums', 'releases'],
};
const WEB_FEATURES = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** One block per web feature: an import that climbs out of it (../) into a feature not on its list fails. */
const webFeatureImports = WEB_FEATURES.map((feature) => {
  const forbidden = WEB_FEATURES.filter((other) => other !== feature && !(WEB_FEATURE_EDGES[feature] ?? []).includes(other));
  return {
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    // A test may build its input with the feature that feeds it (autofill's rules with the album form's values).
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${forbidden.join('|')})(/|$)`,
              message: `Web features import each other one way only (WEB_FEATURE_EDGES in eslint.config.js): move what ${feature} needs into src/web/components or src/web/lib.`,
            },
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'coverage', 'test-results', 'playwright-report', 'public/*.js', '.scratch'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/set-state-in-effect': 'off' },
  },
  {
    // Layering: infrastructure (plugins, database, upstream, security, mail outbox, context)
    // knows no feature; features build on it. app.ts and seed.ts are exempt: they assemble the features
    // (registering their routes, seeding through their repositories), so they sit above them; so does the
    // test support in test/ (its factories build users, albums and stores through the features' own code).
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/features/**', 'src/server/app.ts', 'src/server/seed.ts', 'src/server/test/**', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/features/**'], message: 'Infrastructure must not import a feature: move what it needs below it.' },
          ],
        },
      ],
    },
  },
  ...serverFeatureBoundaries(),
  ...webFeatureImports,
  {
    // Tests read JSON bodies of HTTP answers, which are untyped by nature.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);

/**
 * Server features import each other one way only: each may import the features listed for it, and no
 * other, so the graph stays free of cycles. A new edge must not close one: move the shared piece below
 * both (src/server/db, upstream, security, http) instead. A feature missing here may import none. Tests
 * are exempt: they set up state through whichever feature owns it.
 */
function serverFeatureBoundaries() {
  const mayImport = {
    admin: ['collections', 'cover-art', 'mail', 'monitoring', 'subscription'],
    albums: ['cover-art'],
    analytics: ['albums', 'wishlist'], // the album list's answer cache; the wish list's figures
    auth: ['users'],
    collections: ['albums', 'cover-art', 'users'], // a collection's albums: counted, listed, deleted with it
    // Finds covers and details of imported albums: MusicBrainz's releases, stored through the cover import.
    enrichment: ['cover-art', 'releases'],
    export: ['albums', 'collections'],
    // An import queues its albums' cover and detail lookups in its own transaction; a wantlist fills the wish list.
    import: ['albums', 'collections', 'cover-art', 'enrichment', 'export', 'wishlist'],
    monitoring: ['cover-art'], // the MusicBrainz pace, for its queue depth
    openapi: ['admin'],
    'password-reset': ['mail', 'users'],
    // The record check reads the caller's albums and wishes through their own queries.
    'record-check': ['albums', 'wishlist'],
    'record-stores': ['sharing'],
    releases: ['cover-art'], // MusicBrainz search
    sharing: ['cover-art'],
    subscription: ['users'],
    users: ['albums', 'mail'],
    // Got it adds the album under the album rules; the gift list serves stored covers and escapes its link preview as sharing does.
    wishlist: ['albums', 'cover-art', 'sharing'],
  };
  const features = readdirSync(new URL('./src/server/features', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  // A sibling feature is `../<name>/` from a feature's top folder and `../../<name>/` from one below it.
  const otherFeature = (up, allowed) => `^${up}(?!(?:${allowed.map((name) => `${name}/`).join('|') || '$'}))[^./][^/]*/`;
  return features.flatMap((feature) => {
    const allowed = mayImport[feature] ?? [];
    const message = `A server feature imports only the features eslint.config.js lists for it (${feature}: ${allowed.join(', ') || 'none'}).`;
    const block = (files, up) => ({
      files: [files],
      ignores: ['**/*.test.ts', '**/*.test-support.ts'],
      rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: otherFeature(up, allowed), message }] }] },
    });
    return [block(`src/server/features/${feature}/*.ts`, '\\.\\./'), block(`src/server/features/${feature}/*/*.ts`, '\\.\\./\\.\\./')];
  });
}
