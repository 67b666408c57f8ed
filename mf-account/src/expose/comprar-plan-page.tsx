export { default } from '../pages/comprar-plan-page';
