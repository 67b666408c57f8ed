// @ts-check
// This app's build, from its entry in shared-contracts/src/web-apps.js (federation name, dev port,
// Node build) and its exposes in the page manifest.
module.exports = require('../webpack.base').configFor(__dirname);
