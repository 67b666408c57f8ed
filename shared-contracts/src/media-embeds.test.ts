import { EMBED_ORIGINS, readTour, readVideo } from './media-embeds';

describe('video: YouTube only, in any of the forms people paste', () => {
  const watch = { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', embed: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0', provider: 'YouTube' };
  test.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
    'http://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ?si=abc',
    'youtu.be/dQw4w9WgXcQ',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    '  https://www.youtube.com/embed/dQw4w9WgXcQ  ',
  ])('%s', (input) => expect(readVideo(input)).toEqual(watch));

  test.each([
    '',
    'https://vimeo.com/123456',
    'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://evil.example/?u=https://youtu.be/dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
    'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
    'https://user:pw@youtu.be/dQw4w9WgXcQ',
    'https://youtu.be:8443/dQw4w9WgXcQ',
    `https://youtu.be/dQw4w9WgXcQ?${'x'.repeat(400)}`,
  ])('refused: %s', (input) => expect(readVideo(input)).toBeNull());
});

describe('tour: Matterport and Kuula only', () => {
  test('Matterport', () => {
    expect(readTour('https://my.matterport.com/show/?m=SxQL3iGyoDo&play=1')).toEqual({
      url: 'https://my.matterport.com/show/?m=SxQL3iGyoDo',
      embed: 'https://my.matterport.com/show/?m=SxQL3iGyoDo&play=1',
      provider: 'Matterport',
    });
  });
  test('Kuula, a tour or a collection', () => {
    expect(readTour('https://kuula.co/share/7lVHZ?logo=1')).toEqual({ url: 'https://kuula.co/share/7lVHZ', embed: 'https://kuula.co/share/7lVHZ?fs=1&vr=0&thumbs=1', provider: 'Kuula' });
    expect(readTour('kuula.co/share/collection/7YbTq')?.url).toBe('https://kuula.co/share/collection/7YbTq');
  });
  test.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://my.matterport.com/show/?m=bad',
    'https://my.matterport.com.evil.example/show/?m=SxQL3iGyoDo',
    'https://kuula.co/profile/someone',
    'https://kuula.co/share/a%22onload',
    'ftp://kuula.co/share/7lVHZ',
  ])('refused: %s', (input) => expect(readTour(input)).toBeNull());
});

test('every player the detail may frame is an https origin the CSP lists', () => {
  for (const origin of EMBED_ORIGINS) expect(new URL(origin).origin).toBe(origin);
  for (const link of [readVideo('youtu.be/dQw4w9WgXcQ'), readTour('kuula.co/share/7lVHZ'), readTour('my.matterport.com/show/?m=SxQL3iGyoDo')])
    expect(EMBED_ORIGINS).toContain(new URL(link!.embed).origin);
});
