export { default, serverData } from '../pages/anuncio-detail-page';
