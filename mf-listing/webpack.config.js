const { createConfig } = require('../webpack.base');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_listing',
  port: 3002,
  exposes: {
    './AnuncioDetailPage': './src/expose/anuncio-detail-page.tsx',
    './AnuncioCard': './src/expose/anuncio-card.tsx',
    './AnuncioDetail': './src/expose/anuncio-detail.tsx',
  },
});
