export { AnuncioDetail as default } from '../features/anuncio-detail/anuncio-detail';
