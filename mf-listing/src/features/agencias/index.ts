/** Issue 46: a listing's advertiser, named from GET /agencias. */
export { AdvertiserLine } from './components/advertiser-line';
export { useAgencyName } from './api/get-agencias';
