/**
 * Files for the photo picker's tests. The picker decides what a file is by its first bytes (issue
 * 39), so a test "image" starts with the real PNG or JPEG magic number; the rest is filler the
 * stand-in compressors never decode (jsdom has no canvas).
 */
const PNG_HEAD = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_HEAD = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]);

export const pngFile = (name: string, body = 'x'.repeat(2000)) => new File([PNG_HEAD, body], name, { type: 'image/png' });
export const jpegFile = (name: string, body = 'y'.repeat(2000)) => new File([JPEG_HEAD, body], name, { type: 'image/jpeg' });
/** Text renamed to look like a photo: the browser guesses image/jpeg from the name. */
export const textAsJpeg = (name: string) => new File(['Lista de la compra: arroz, habichuelas, plátanos.\n'], name, { type: 'image/jpeg' });
