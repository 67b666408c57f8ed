export { default } from '../pages/login-page';
