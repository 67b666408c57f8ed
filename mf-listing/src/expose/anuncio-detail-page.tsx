export { default } from '../pages/anuncio-detail-page';
