export { default } from '../pages/mis-anuncios-page';
