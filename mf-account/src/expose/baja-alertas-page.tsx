export { default } from '../pages/baja-alertas-page';
