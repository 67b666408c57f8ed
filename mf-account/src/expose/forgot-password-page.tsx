export { default } from '../pages/forgot-password-page';
