export { default } from '../pages/home-page';
export { serverData } from '../pages/home-server-data';
