import { webpSize } from './listing-head';

const header = (chunk: string, fill: (b: Uint8Array) => void) => {
  const b = new Uint8Array(30);
  b.set([...'RIFF'].map((c) => c.charCodeAt(0)), 0);
  b.set([...'WEBP'].map((c) => c.charCodeAt(0)), 8);
  b.set([...chunk].map((c) => c.charCodeAt(0)), 12);
  fill(b);
  return b;
};

test('the size of a WebP photo is read from its first 30 bytes (for og:image:width/height)', () => {
  // VP8X (what sharp writes with metadata): width-1 and height-1 as 24-bit little endian
  expect(webpSize(header('VP8X', (b) => b.set([0x3f, 0x06, 0x00, 0xaf, 0x04, 0x00], 24)))).toEqual({ width: 1600, height: 1200 });
  // VP8 (lossy): 14-bit width and height at 26 and 28
  expect(webpSize(header('VP8 ', (b) => b.set([0x80, 0x02, 0xe0, 0x01], 26)))).toEqual({ width: 640, height: 480 });
  // not a WebP, or too short
  expect(webpSize(new Uint8Array(30))).toBeNull();
  expect(webpSize(header('VP8X', () => {}).subarray(0, 20))).toBeNull();
});
