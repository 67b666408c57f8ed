export { default } from '../pages/confirm-email-page';
