export { default } from '../pages/mis-busquedas-page';
