/** Demo catalogue and synthetic data: generators, photos and the seeding entry point. */
export { seedDemoCatalogue, storeDemoPhotoPool, assignPhotos, DEMO_SEED } from './demo';
export type { SeedDemoOptions, SeedDemoResult } from './demo';
export { generateDemoListings, generateDemoListing, DEFAULT_USD_DOP_RATE, PARTNER_SHARE } from './generate-listings';
export type { DemoListing, GenerateOptions } from './generate-listings';
export { generateDemoPhoto, demoPhotoSvg } from './demo-photo';
export { createRng, rngFor } from './prng';
