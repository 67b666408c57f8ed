/** Photo pipeline: storage, processing (PNG/JPEG in, WebP out) and listing-level helpers. */
export { createDiskStorage, dataDirPhotoStorage, PHOTOS_DIR, isValidPhotoKey, contentTypeOfKey, InvalidPhotoKeyError, readPhoto } from './storage';
export type { PhotoStorage, StoredObject, PhotoInfo, ByteRange, PhotoData } from './storage';
export { createS3Storage } from './s3-storage';
export type { S3PhotoOptions } from './s3-storage';
export { photoStorageOf, photoSettingsFromEnv, photoUrl } from './photo-config';
export type { PhotoSettings } from './photo-config';
export {
  processPhoto,
  sniffImageFormat,
  PhotoError,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  FULL_LONG_SIDE,
  CARD_LONG_SIDE,
} from './process-photo';
export type { ProcessedPhoto, ProcessedImage, PhotoFormat } from './process-photo';
export { storeListingPhotos, deletePhotos, cardKeyOf, newPhotoKey, storeProcessedPhoto, photoHashesOf, photoSizesOf, withPhotoSizes } from './store-photos';
export { dimsOf, sizesOfKeys, wireSizes, fillPhotoSizes, storedDims, webpSize } from './photo-sizes';
export type { PhotoDims, PhotoSizes } from './photo-sizes';
export type { PhotoInput } from './store-photos';
export { PHOTO_MATCH_MAX_BITS, isDistinctive, photoHash } from './photo-hash';
export { PHOTO_CONCURRENCY, photoDecodeSlots, createSlots } from './decode-slots';
export { ensureMailRendition, mailKeyOf } from './mail-rendition';
export type { Slots } from './decode-slots';
