export { default } from '../pages/editar-anuncio-page';
