export { default } from '../pages/moderacion-page';
