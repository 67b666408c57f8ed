/**
 * One jest configuration for the whole repository: a project per kind of environment.
 * Component tests (jsdom) live beside the code in the web apps, shared-contracts and web-runtime;
 * API tests (node) run against a real PGlite, and PostgreSQL when DATABASE_URL is set.
 */
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.base.json', diagnostics: false }];
// ESM-only packages that jest must transform (as JS, hence allowJs).
const esm = ['react-leaflet', '@react-leaflet', 'jwt-decode'].join('|');
const transform = {
  '^.+\\.tsx?$': tsJest,
  '^.+\\.m?jsx?$': ['ts-jest', { tsconfig: '<rootDir>/jest/tsconfig.js.json', diagnostics: false }],
};

module.exports = {
  projects: [
    {
      displayName: 'web',
      rootDir: __dirname,
      // jsdom plus Node's own fetch: pages talk to real (or recorded) HTTP servers in the tests
      testEnvironment: '<rootDir>/jest/jsdom-env.js',
      roots: ['<rootDir>/shared-contracts/src', '<rootDir>/web-runtime/src', '<rootDir>/shell/src', '<rootDir>/mf-search/src', '<rootDir>/mf-listing/src', '<rootDir>/mf-account/src', '<rootDir>/mf-publish/src'],
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
      transform,
      setupFilesAfterEnv: ['<rootDir>/jest/setup-node.ts'],
    },
  ],
};
