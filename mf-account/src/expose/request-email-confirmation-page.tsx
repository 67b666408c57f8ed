export { default } from '../pages/request-email-confirmation-page';
