export { default } from '../pages/agregar-anuncio-page';
