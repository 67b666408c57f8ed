import { IMAGE_SNIFF_BYTES, cardPhotoSrcSet, cardPhotoUrl, photoRefusal, sniffImageFormat } from './photos';

test('our photos use the 640 px rendition on cards; other sites\' photos stay as they are', () => {
  const own = 'http://api.test/photos/0123456789abcdef0123456789abcdef.webp';
  expect(cardPhotoUrl(own)).toBe('http://api.test/photos/0123456789abcdef0123456789abcdef-card.webp');
  expect(cardPhotoSrcSet(own)).toBe(`http://api.test/photos/0123456789abcdef0123456789abcdef-card.webp 640w, ${own} 1600w`);
  const feed = 'https://partner.example/img/casa.jpg';
  expect(cardPhotoUrl(feed)).toBe(feed);
  expect(cardPhotoSrcSet(feed)).toBeUndefined();
});

describe('issue 39: what a photo is, by its bytes', () => {
  const bytes = (...b: number[]) => new Uint8Array(b);
  test('PNG and JPEG by their magic numbers; anything else, whatever its name, is not an image', () => {
    expect(sniffImageFormat(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
    expect(sniffImageFormat(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffImageFormat(new TextEncoder().encode('Hola, esto es texto'))).toBeNull();
    expect(sniffImageFormat(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageFormat(bytes(0x89, 0x50, 0x4e))).toBeNull();
    expect(sniffImageFormat(bytes())).toBeNull();
    expect(IMAGE_SNIFF_BYTES).toBe(8);
  });
  test('a refusal names the photo: its place when known, its file name as plain short text', () => {
    expect(photoRefusal({ name: 'notas.jpg', position: 3 }, 'Solo se aceptan imágenes PNG o JPEG')).toBe('No se aceptó la foto 3 «notas.jpg»: solo se aceptan imágenes PNG o JPEG');
    expect(photoRefusal({ name: 'plano.png' }, 'PNG dañado')).toBe('No se aceptó la foto «plano.png»: PNG dañado');
    expect(photoRefusal({ name: 'notas.jpg' }, 'x')).toBe('No se aceptó la foto «notas.jpg»: x');
    expect(photoRefusal({ name: 'a\u0000b\nc\u202e.jpg', position: 1 }, 'x')).toBe('No se aceptó la foto 1 «abc.jpg»: x');
    const long = photoRefusal({ name: `${'n'.repeat(200)}.jpg` }, 'x');
    expect(long.length).toBeLessThan(110);
    expect(long).toContain('…');
  });
});
