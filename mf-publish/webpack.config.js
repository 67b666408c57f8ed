const { createConfig } = require('../webpack.base');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_publish',
  port: 3004,
  exposes: {
    './MisAnunciosPage': './src/expose/mis-anuncios-page.tsx',
    './AgregarAnuncioPage': './src/expose/agregar-anuncio-page.tsx',
    './EditarAnuncioPage': './src/expose/editar-anuncio-page.tsx',
    './RenovarAnuncioPage': './src/expose/renovar-anuncio-page.tsx',
  },
});
