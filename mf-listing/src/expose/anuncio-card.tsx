export { AnuncioCard as default } from '../features/anuncio-card/components/anuncio-card';
