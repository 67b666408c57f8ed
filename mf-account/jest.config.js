/**
 * This remote's component tests: the root "web" project plus the one thing antd deep imports need
 * under jest (CommonJS): antd/es -> antd/lib, the same components in their CJS build.
 * Run: npx jest -c mf-account/jest.config.js [files] (to be folded into the root jest.config.js
 * by its owner, as mf-publish's is).
 */
const path = require('node:path');
const root = require('../jest.config.js');

const web = root.projects.find((p) => p.displayName === 'web');

module.exports = {
  ...web,
  rootDir: path.join(__dirname, '..'),
  roots: ['<rootDir>/mf-account/src'],
  moduleNameMapper: {
    ...web.moduleNameMapper,
    '^antd/es/(.*)$': 'antd/lib/$1',
    '^@ant-design/icons/es/(.*)$': '@ant-design/icons/lib/$1',
  },
};
