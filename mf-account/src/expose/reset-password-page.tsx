export { default } from '../pages/reset-password-page';
