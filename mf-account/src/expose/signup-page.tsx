export { default } from '../pages/signup-page';
