// @ts-check
const { createConfig, createServerConfig } = require('../webpack.base');

const app = { dir: __dirname, name: 'shell', port: 3000, isShell: true };

module.exports = createConfig(app);
// the renderer the site server loads (shell/src/server): renders the public pages on Node
module.exports.server = createServerConfig(app);
