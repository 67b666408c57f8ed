const { createConfig, createServerConfig } = require('../webpack.base');

const app = {
  dir: __dirname,
  name: 'mf_listing',
  port: 3002,
  exposes: {
    './AnuncioDetailPage': './src/expose/anuncio-detail-page.tsx',
    './AnuncioCard': './src/expose/anuncio-card.tsx',
    './AnuncioDetail': './src/expose/anuncio-detail.tsx',
    './FavoritosPage': './src/expose/favoritos-page.tsx',
  },
};

module.exports = createConfig(app);
// the Node build the site server renders with (server-side rendering)
module.exports.server = createServerConfig(app);
