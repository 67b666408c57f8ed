export { default } from '../pages/favoritos-page';
