// @ts-check
const { createConfig, createServerConfig } = require('../webpack.base');
const { exposesOf } = require('../shared-contracts/src/page-manifest');

// exposes: this remote's pages and components in the page manifest
const app = { dir: __dirname, name: 'mf_search', port: 3001, exposes: exposesOf('mf_search') };

module.exports = createConfig(app);
// the Node build the site server renders with (server-side rendering)
module.exports.server = createServerConfig(app);
