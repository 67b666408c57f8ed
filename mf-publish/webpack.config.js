// @ts-check
const { createConfig } = require('../webpack.base');
const { exposesOf } = require('../shared-contracts/src/page-manifest');

// exposes: this remote's pages and components in the page manifest
module.exports = createConfig({ dir: __dirname, name: 'mf_publish', port: 3004, exposes: exposesOf('mf_publish') });
