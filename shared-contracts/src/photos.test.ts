import { cardPhotoSrcSet, cardPhotoUrl } from './photos';

test('our photos use the 640 px rendition on cards; other sites\' photos stay as they are', () => {
  const own = 'http://api.test/photos/0123456789abcdef0123456789abcdef.webp';
  expect(cardPhotoUrl(own)).toBe('http://api.test/photos/0123456789abcdef0123456789abcdef-card.webp');
  expect(cardPhotoSrcSet(own)).toBe(`http://api.test/photos/0123456789abcdef0123456789abcdef-card.webp 640w, ${own} 1600w`);
  const feed = 'https://partner.example/img/casa.jpg';
  expect(cardPhotoUrl(feed)).toBe(feed);
  expect(cardPhotoSrcSet(feed)).toBeUndefined();
});
