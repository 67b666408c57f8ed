// @ts-check
/**
 * Lint: the architecture rules a reviewer would otherwise have to remember.
 *  - antd only through deep imports (antd/es/<component>): the root import ships all of antd.
 *  - routing only through web-runtime/router: react-router shared whole is not tree-shaken.
 *  - one-way imports: shared-contracts <- web-runtime <- remotes <- shell; a remote never imports
 *    the shell or another remote (they talk through the store, routes, contracts or an expose).
 *  - shared-contracts stays pure (the API uses it): no React, antd, zustand, router or web-runtime.
 *  - one inside for every remote (docs/decisions/0014-remote-layout.md), kept by zones on the
 *    resolved paths: a feature reaches another feature only through its index.ts; the shared
 *    pieces at the remote's root (components/, hooks/, lib/) never import a feature; nothing but
 *    the entry points (bootstrap, the page manifest) and the page's own tests imports a page.
 *  - no import cycles anywhere (import-x/no-cycle).
 */
const fs = require('node:fs');
const path = require('node:path');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const importX = require('eslint-plugin-import-x');

/** The remotes' folders (shared-contracts/src/web-apps.js): each gets the cross-import and layout rules. */
const REMOTES = require('./shared-contracts/src/web-apps').REMOTE_APPS.map((app) => app.dir);
const antdRule = { name: 'antd', message: "Import the component: import Button from 'antd/es/button'." };
const routerRules = ['react-router-dom', 'react-router'].map((name) => ({
  name,
  message: "Import routing from 'web-runtime/router' (one shared, tree-shaken copy; docs/decisions/0004-first-load-budget.md).",
}));
/** @typedef {import('eslint').Linter.Config} Config */

/** @param {string} self */
const crossImports = (self) =>
  ['shell', ...REMOTES.filter((r) => r !== self)].flatMap((other) => [`../${other}/*`, `../../${other}/*`, `../../../${other}/*`, `../../../../${other}/*`, `${other}/*`]);

/**
 * The layout zones of one remote; its features are read from the folder, so a new one is covered at once.
 * @param {string} remote
 */
function layoutZones(remote) {
  const src = path.join(__dirname, remote, 'src');
  /** @param {...string} parts */
  const dir = (...parts) => path.join(src, ...parts);
  const features = fs.existsSync(dir('features')) ? fs.readdirSync(dir('features'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name) : [];
  const shared = [dir('components'), dir('hooks'), dir('lib')];
  return [
    ...features.map((feature) => ({
      target: dir('features', feature),
      from: dir('features', `!(${feature})`, '**'),
      except: [dir('features', '*', 'index.ts')],
      message: `A feature uses another feature only through that feature's index.ts; what two features share belongs in ${remote}/src/components, hooks or lib (docs/decisions/0014-remote-layout.md).`,
    })),
    {
      target: shared,
      from: dir('features'),
      message: 'The shared pieces at the root of a remote serve the features and never import one (docs/decisions/0014-remote-layout.md).',
    },
    {
      target: [dir('features'), ...shared],
      from: dir('pages'),
      message: 'Nothing imports a page but the entry points (bootstrap.tsx, the expose list) (docs/decisions/0014-remote-layout.md).',
    },
  ];
}

module.exports = tseslint.config(
  // only what is generated: everything written by hand, JavaScript included, is linted
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', 'coverage/**', 'api/drizzle/**'] },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin, 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'no-debugger': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': ['error', { paths: [antdRule, ...routerRules] }],
    },
  },
  ...REMOTES.map(
    /** @returns {Config} */
    (remote) => ({
      files: [`${remote}/src/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': ['error', { paths: [antdRule, ...routerRules], patterns: crossImports(remote) }],
        'import-x/no-restricted-paths': ['error', { basePath: __dirname, zones: layoutZones(remote) }],
      },
    }),
  ),
  // our .js files are CommonJS (no package sets "type": "module"); .mjs is ESM
  { files: ['**/*.{js,cjs}'], languageOptions: { sourceType: 'commonjs' } },
  {
    files: ['shared-contracts/src/**/*.{ts,tsx,js}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [antdRule, ...routerRules],
          patterns: [
            {
              group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'antd', 'antd/*', '@ant-design/*', 'zustand', 'zustand/*', 'web-runtime', 'web-runtime/*', '@module-federation/*'],
              message: 'shared-contracts has no browser runtime (the API uses it): React, antd, the store and the loaders live in web-runtime.',
            },
            { group: ['shell/*', ...REMOTES.map((r) => `${r}/*`), '../../shell/*', '../../web-runtime/*'], message: 'shared-contracts imports no app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['web-runtime/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [antdRule, ...routerRules], patterns: ['shell/*', ...REMOTES.map((r) => `${r}/*`), '../../shell/*'] }] },
  },
  {
    // the one place that imports react-router
    files: ['web-runtime/src/router.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [antdRule] }] },
  },
);
