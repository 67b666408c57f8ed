import { galleryIndex } from './use-photo-gallery';

test('?foto=N opens the gallery at photo N of the listing; anything else leaves it closed (issue 47)', () => {
  expect(galleryIndex('?foto=1', 12)).toBe(0);
  expect(galleryIndex('?region=Santiago&foto=12', 12)).toBe(11);
  // not one of the photos, not a number, hostile: closed, never an error
  for (const search of ['', '?foto=0', '?foto=13', '?foto=-1', '?foto=2.5', '?foto=1e1', '?foto=%3Cscript%3E', '?foto=99999999999', '?foto= 3']) {
    expect(galleryIndex(search, 12)).toBeNull();
  }
  expect(galleryIndex('?foto=1', 0)).toBeNull();
});
