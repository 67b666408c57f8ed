// @ts-check
/**
 * One jest configuration for the whole repository: a project per kind of environment.
 * Component tests (jsdom) live beside the code in the web apps, shared-contracts and web-runtime;
 * API tests (node) run against a real PGlite, and PostgreSQL when DATABASE_URL is set.
 */
const { WEB_APPS } = require('./shared-contracts/src/web-apps');

// @swc/jest, not ts-jest: jest only needs the types stripped (`npm test` type-checks with tsc first).
// Measured on the 2-core CI machine: see docs/decisions/0031-ci-time.md.
/** @param {'ts' | 'js'} syntax @returns {[string, Record<string, unknown>]} */
const swc = (syntax) => [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: syntax === 'ts' ? { syntax: 'typescript', tsx: true } : { syntax: 'ecmascript', jsx: true },
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];
// ESM-only packages that jest must transform.
const esm = ['react-leaflet', '@react-leaflet', 'jwt-decode'].join('|');
const transform = {
  '^.+\\.tsx?$': swc('ts'),
  '^.+\\.m?jsx?$': swc('js'),
};
// Suites that need PostgreSQL itself (several processes on one server, row locks held by another
// connection, an unreachable server): `*.pg.test.ts`, run only with DATABASE_URL; without it
// `npm test` names them as skipped (scripts/test.mjs).
const postgresOnly = process.env.DATABASE_URL ? [] : ['\\.pg\\.test\\.ts$'];

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      displayName: 'web',
      rootDir: __dirname,
      // jsdom plus Node's own fetch: pages talk to real (or recorded) HTTP servers in the tests
      testEnvironment: '<rootDir>/jest/jsdom-env.js',
      // the two shared packages and every web app (shared-contracts/src/web-apps.js)
      roots: ['shared-contracts', 'web-runtime', ...WEB_APPS.map((app) => app.dir)].map((dir) => `<rootDir>/${dir}/src`),
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      transform,
      transformIgnorePatterns: [`/node_modules/(?!(${esm})/)`],
      moduleNameMapper: {
        '\\.(css)$': '<rootDir>/jest/style-stub.js',
        '\\.(png|jpg|svg)$': '<rootDir>/jest/file-stub.js',
        // antd's ES build under jest (CommonJS): the same components from its CJS build
        '^antd/es/(.*)$': 'antd/lib/$1',
        '^@ant-design/icons/es/(.*)$': '@ant-design/icons/lib/$1',
      },
      setupFilesAfterEnv: ['<rootDir>/jest/setup-dom.ts'],
    },
    {
      displayName: 'api',
      rootDir: __dirname,
      testEnvironment: 'node',
      roots: ['<rootDir>/api'],
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...postgresOnly],
      transform,
      // @fastify/static (behind the API's /docs) requires the ESM-only content-disposition 3: Node 20
      // loads it with require(esm), jest's module loader cannot, so jest transforms it.
      transformIgnorePatterns: ['/node_modules/(?!(?:.*/node_modules/)?content-disposition/)'],
      setupFilesAfterEnv: ['<rootDir>/jest/setup-node.ts'],
    },
  ],
};
