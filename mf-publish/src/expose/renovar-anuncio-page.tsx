export { default } from '../pages/renovar-anuncio-page';
