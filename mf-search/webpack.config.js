const { createConfig, createServerConfig } = require('../webpack.base');

const app = {
  dir: __dirname,
  name: 'mf_search',
  port: 3001,
  exposes: {
    './HomePage': './src/expose/home-page.tsx',
  },
};

module.exports = createConfig(app);
// the Node build the site server renders with (server-side rendering)
module.exports.server = createServerConfig(app);
