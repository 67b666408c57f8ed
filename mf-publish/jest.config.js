/**
 * This remote's component tests: the root "web" project plus what antd deep imports and
 * react-leaflet need under jest (CommonJS): antd/es -> antd/lib (same components, CJS build)
 * and the ESM-only react-leaflet transpiled (allowJs). Run: npx jest -c mf-publish/jest.config.js
 * (to be folded into the root jest.config.js by its owner).
 */
const path = require('node:path');
const root = require('../jest.config.js');

const web = root.projects.find((p) => p.displayName === 'web');
const tsJest = (tsconfig) => ['ts-jest', { tsconfig, isolatedModules: true, diagnostics: false }];

module.exports = {
  ...web,
  rootDir: path.join(__dirname, '..'),
  roots: ['<rootDir>/mf-publish/src'],
  transform: {
    '^.+\\.tsx?$': tsJest('<rootDir>/tsconfig.base.json'),
    '^.+\\.m?jsx?$': tsJest('<rootDir>/mf-publish/tsconfig.jest.json'),
  },
  moduleNameMapper: {
    ...web.moduleNameMapper,
    '^antd/es/(.*)$': 'antd/lib/$1',
    '^@ant-design/icons/es/(.*)$': '@ant-design/icons/lib/$1',
  },
};
