/** What other features use of the photo upload: the list, its state and the compressor (injected in tests). */
export { PhotoUpload } from './components/photo-upload';
export { usePhotos } from './hooks/use-photos';
export { compressImage, type CompressFn } from './lib/compress-image';
