const { createConfig } = require('../webpack.base');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_search',
  port: 3001,
  exposes: {
    './HomePage': './src/expose/home-page.tsx',
  },
});
