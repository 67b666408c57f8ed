/**
 * Lint: the architecture rules a reviewer would otherwise have to remember.
 *  - antd only through deep imports (antd/es/<component>): the root import ships all of antd.
 *  - routing only through web-runtime/router: react-router shared whole is not tree-shaken.
 *  - one-way imports: shared-contracts <- web-runtime <- remotes <- shell; a remote never imports
 *    the shell or another remote (they talk through the store, routes, contracts or an expose).
 *  - shared-contracts stays pure (the API uses it): no React, antd, zustand, router or web-runtime.
 */
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');

const REMOTES = ['mf-search', 'mf-listing', 'mf-account', 'mf-publish'];
const antdRule = { name: 'antd', message: "Import the component: import Button from 'antd/es/button'." };
const routerRules = ['react-router-dom', 'react-router'].map((name) => ({
  name,
  message: "Import routing from 'web-runtime/router' (one shared, tree-shaken copy; docs/decisions/0004-first-load-budget.md).",
}));
const crossImports = (self) =>
  ['shell', ...REMOTES.filter((r) => r !== self)].flatMap((other) => [`../${other}/*`, `../../${other}/*`, `../../../${other}/*`, `../../../../${other}/*`, `${other}/*`]);

module.exports = tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'coverage/**', '**/*.js', '**/*.mjs', 'api/drizzle/**'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin, 'react-hooks': reactHooks },
    rules: {
      'no-debugger': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': ['error', { paths: [antdRule, ...routerRules] }],
    },
  },
  ...REMOTES.map((remote) => ({
    files: [`${remote}/src/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { paths: [antdRule, ...routerRules], patterns: crossImports(remote) }] },
  })),
  {
    files: ['shared-contracts/src/**/*.{ts,tsx}'],
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
