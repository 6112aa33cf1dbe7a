// ESLint's flat config: the recommended rules over the page's modules (browser), the service and
// AI workers, and the node scripts, the relay (relay/) and the tests. The types are tsc's
// (tsconfig.json and the others `npm run check` runs); this catches what a type check does not:
// unused names, unreachable code, shadowed and dead logic.
import js from '@eslint/js';
import globals from 'globals';

const strict = {
  'no-unused-vars': ['error', { args: 'after-used', argsIgnorePattern: '^_', caughtErrors: 'none' }],
  'no-shadow': 'error',
  'no-implicit-coercion': ['error', { boolean: false }],
  eqeqeq: ['error', 'always'],
  'no-var': 'error',
  'prefer-const': 'error',
  'no-console': 'error',
};

export default [
  // Generated, vendored or built; and the Game guard, a fragment appended to wasm-bindgen's glue
  // that uses the glue's own names (build-web.sh checks them).
  { ignores: ['www/pkg/**', 'www/vendor/**', 'dist/**', 'target/**', 'node_modules/**', 'test-results/**', 'crates/bluegray-wasm/js/**'] },
  js.configs.recommended,
  {
    files: ['www/**/*.js', 'examples/**/*.js'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser } },
    rules: strict,
  },
  // A class's own members are `_name`, marked @private for the type check, not `#name`: for
  // Safari 15 (the bundles' target) the bundler writes each `#name` as a WeakMap, larger and
  // slower (docs/ARCHITECTURE.md, "Private members"). Only the element keeps a `#` field: its
  // controller, out of reach of the pages that embed it.
  {
    files: ['www/**/*.js'],
    ignores: ['www/blue-gray-game.js'],
    rules: { 'no-restricted-syntax': ['error', { selector: 'PrivateIdentifier', message: 'Name a private member _name with @private in its JSDoc (docs/ARCHITECTURE.md, "Private members").' }] },
  },
  { files: ['www/ai-worker.js'], languageOptions: { globals: { ...globals.worker } } },
  { files: ['www/sw.js'], languageOptions: { globals: { ...globals.serviceworker } } },
  { files: ['www/boot.js'], languageOptions: { sourceType: 'script' }, rules: { 'no-var': 'off' } },
  {
    files: ['scripts/**/*.mjs', 'relay/**/*.mjs', 'tests/**/*.mjs', 'eslint.config.js'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: { ...strict, 'no-console': 'off' },
  },
  // Code these run inside a page (page.evaluate and the like) sees the browser's globals.
  {
    files: ['tests/e2e/**/*.mjs', 'scripts/measure-web.mjs', 'scripts/lib/page-loads.mjs', 'scripts/wasm-speed.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
];
