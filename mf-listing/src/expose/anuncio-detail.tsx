export { AnuncioDetail as default } from '../features/anuncio-detail/components/anuncio-detail';
