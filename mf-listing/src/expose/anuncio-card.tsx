export { AnuncioCard as default } from '../features/anuncio-card/anuncio-card';
