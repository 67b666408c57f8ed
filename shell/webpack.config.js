const { createConfig } = require('../webpack.base');

module.exports = createConfig({ dir: __dirname, name: 'shell', port: 3000, isShell: true });
