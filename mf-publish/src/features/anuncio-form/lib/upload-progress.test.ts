import { startingUpload, uploadProgress } from './upload-progress';

const part = (name: string, bytes: number) => ({ name, file: new Blob([new Uint8Array(bytes)]) });
// Two photos of 1000 and 3000 bytes behind 500 bytes of fields and multipart headers.
const parts = [part('sala.jpg', 1000), part('patio.jpg', 3000)];
const total = 4500;

test('before the first byte: every photo at 0, shown as soon as the user submits', () => {
  expect(startingUpload(parts)).toEqual({ percent: 0, sent: 0, photos: 2, perPhoto: { 'sala.jpg': 0, 'patio.jpg': 0 } });
});

test('the fields go first, then each photo in order', () => {
  expect(uploadProgress(parts, 400, total)).toEqual({ percent: 8, sent: 0, photos: 2, perPhoto: { 'sala.jpg': 0, 'patio.jpg': 0 } });
  expect(uploadProgress(parts, 1000, total)).toEqual({ percent: 22, sent: 0, photos: 2, perPhoto: { 'sala.jpg': 50, 'patio.jpg': 0 } });
  expect(uploadProgress(parts, 3000, total)).toEqual({ percent: 66, sent: 1, photos: 2, perPhoto: { 'sala.jpg': 100, 'patio.jpg': 50 } });
  expect(uploadProgress(parts, total, total)).toEqual({ percent: 100, sent: 2, photos: 2, perPhoto: { 'sala.jpg': 100, 'patio.jpg': 100 } });
});

test('a listing without new photos is only its fields', () => {
  expect(uploadProgress([], 250, 500)).toEqual({ percent: 50, sent: 0, photos: 0, perPhoto: {} });
});
