/**
 * Issue 47, photos people decide from: the detail's full-screen gallery (opened by "Ver las N
 * fotos" or a tap on the photo; next/previous by keys, buttons and swipes; "3 / 12"; zoom; Escape
 * and the back button close it; the photo is in the URL, so a reload opens it again; the 1600 px
 * rendition only there), and the carousel reached with the keyboard through ONE Tab stop. At 1280
 * and 390 px, on the seeded catalogue.
 */
import type { Page } from '@playwright/test';
import { anuncioPath, cardPhotoUrl, type AllAnunciosResponse, type Anuncio } from 'shared-contracts';
import { test, expect, api } from '../support/fixtures';
import { hydrated } from '../support/settle';

let listing: Anuncio;

test.beforeAll(async () => {
  const { body } = await api<AllAnunciosResponse>('/allAnuncios', { filters: {}, page: 0 });
  const withPhotos = body.anuncios.find((a) => (a.image_urls?.length ?? 0) >= 3);
  expect(withPhotos, 'the seeded catalogue has a listing with three photos or more').toBeDefined();
  listing = withPhotos!;
});

const count = () => listing.image_urls!.length;
const gallery = (page: Page) => page.locator('.photo-gallery');
const counter = (page: Page) => gallery(page).locator('.photo-gallery__count');
/** The photo the gallery shows (antd keeps one image element, its src follows the photo). */
const shown = (page: Page) => gallery(page).locator('img.ant-image-preview-img');

async function openDetail(page: Page) {
  await page.goto(anuncioPath(listing._id));
  await expect(page.locator('.anuncio-detail h1')).toHaveText(listing.title);
  await hydrated(page.locator('.anuncio-detail'));
}

test('the gallery: opened from the detail, next/previous, "3 / N", zoom, in the URL; back closes it and a reload reopens it', async ({ page, isMobile }) => {
  const fullPhotos: string[] = [];
  page.on('request', (r) => {
    if (listing.image_urls!.includes(r.url())) fullPhotos.push(r.url());
  });
  await openDetail(page);
  const button = page.getByRole('button', { name: `Ver las ${count()} fotos` });
  await button.click();
  await expect(gallery(page)).toBeVisible();
  await expect(page).toHaveURL(/[?&]foto=1$/);
  await expect(counter(page)).toHaveText(`1 / ${count()}`);
  await expect(shown(page)).toHaveAttribute('src', listing.image_urls![0]);

  // next and previous: the keys on a desktop, swipes on a phone
  const step = async (delta: 1 | -1) => {
    if (!isMobile) return page.keyboard.press(delta > 0 ? 'ArrowRight' : 'ArrowLeft');
    const box = (await gallery(page).locator('.ant-image-preview-body').boundingBox())!;
    const [from, to] = delta > 0 ? [box.x + box.width * 0.8, box.x + box.width * 0.2] : [box.x + box.width * 0.2, box.x + box.width * 0.8];
    await swipe(page, from, to, box.y + box.height / 2);
  };
  await step(1);
  await expect(counter(page)).toHaveText(`2 / ${count()}`);
  await step(1);
  await expect(counter(page)).toHaveText(`3 / ${count()}`);
  await expect(page).toHaveURL(/[?&]foto=3$/);
  await expect(shown(page)).toHaveAttribute('src', listing.image_urls![2]);
  await step(-1);
  await expect(counter(page)).toHaveText(`2 / ${count()}`);
  await step(1);
  await expect(counter(page)).toHaveText(`3 / ${count()}`);

  // zoom: a double click (a double tap on a phone) enlarges the photo
  const scale = () => shown(page).evaluate((img) => new DOMMatrix(getComputedStyle(img).transform).a);
  expect(await scale()).toBeCloseTo(1);
  await shown(page).dblclick();
  await expect.poll(scale).toBeGreaterThan(1);

  // the thumbnails: a strip on a desktop, none on a phone (the 640 px renditions)
  const thumbs = gallery(page).getByRole('group', { name: 'Miniaturas' });
  if (isMobile) await expect(thumbs).toBeHidden();
  else {
    await expect(thumbs.getByRole('button')).toHaveCount(count());
    await expect(thumbs.locator('img').first()).toHaveAttribute('src', cardPhotoUrl(listing.image_urls![0]));
    await thumbs.getByRole('button', { name: 'Ver foto 3' }).click();
    await expect(counter(page)).toHaveText(`3 / ${count()}`);
  }

  // a reload opens it again at the same photo
  await page.reload();
  await expect(counter(page)).toHaveText(`3 / ${count()}`);
  await expect(shown(page)).toHaveAttribute('src', listing.image_urls![2]);
  await page.keyboard.press('Escape');
  await expect(gallery(page)).toBeHidden();
  await expect(page).not.toHaveURL(/foto=/);

  // opened again by a tap on the photo the carousel shows; the back button closes it and stays on the detail
  await bringCarousel(page);
  await page.locator('.anuncio-detail .slick-current img').click();
  await expect(counter(page)).toHaveText(`1 / ${count()}`);
  await page.goBack();
  await expect(gallery(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${anuncioPath(listing._id)}$`));
  await expect(page.locator('.anuncio-detail h1')).toHaveText(listing.title);

  // the 1600 px renditions were asked for by the gallery only: never before it opened
  expect(fullPhotos.length).toBeGreaterThan(0);
});

test('the detail page does not fetch a 1600 px photo until the gallery opens', async ({ page }) => {
  const fullPhotos: string[] = [];
  page.on('request', (r) => {
    if (listing.image_urls!.includes(r.url())) fullPhotos.push(r.url());
  });
  await openDetail(page);
  await page.waitForLoadState('networkidle');
  expect(fullPhotos).toEqual([]);
});

test('the keyboard moves the carousel through one Tab stop, "Foto 2 de N"', async ({ page }) => {
  await openDetail(page);
  const detail = page.locator('.anuncio-detail');
  const control = detail.getByRole('slider', { name: `Fotos: ${listing.title}` });
  await expect(control).toHaveAttribute('aria-valuetext', `Foto 1 de ${count()}`);
  // Tab from the top of the page until the carousel's control has the focus
  const onControl = () => page.evaluate(() => document.activeElement?.getAttribute('role') === 'slider' && Boolean(document.activeElement.closest('.anuncio-detail')));
  for (let i = 0; i < 40 && !(await onControl()); i++) await page.keyboard.press('Tab');
  expect(await onControl(), 'Tab reaches the carousel').toBe(true);
  // the carousel took over and kept the focus on its control
  await expect(detail.locator('.slick-slider')).toBeVisible();
  await expect(control).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(control).toHaveAttribute('aria-valuetext', `Foto 2 de ${count()}`);
  await expect(detail.locator('.slick-current img')).toHaveAttribute('alt', `${listing.title} — foto 2 de ${count()}`);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(control).toHaveAttribute('aria-valuetext', `Foto ${count()} de ${count()}`);
  // one Tab stop: the next Tab leaves the carousel (its arrows are for pointers)
  await page.keyboard.press('Tab');
  const inCarousel = await page.evaluate(() => Boolean(document.activeElement?.closest('.listing-carousel')));
  expect(inCarousel).toBe(false);
  await expect(page.getByRole('button', { name: `Ver las ${count()} fotos` })).toBeFocused();
});

test('swiping or scrolling down over the carousel scrolls the page: the carousel keeps only horizontal moves', async ({ page, isMobile }) => {
  await openDetail(page);
  await bringCarousel(page);
  const before = await page.evaluate(() => window.scrollY);
  const slider = (await page.locator('.anuncio-detail .slick-list').boundingBox())!;
  const [x, y] = [slider.x + slider.width / 2, slider.y + slider.height * 0.8];
  if (isMobile) {
    // a finger dragged upwards over the photo (touch events Chromium scrolls with, as a real touch)
    await drag(page, { x, y }, { x, y: y - 250 });
  } else {
    await page.mouse.move(x, y);
    await page.mouse.wheel(0, 300);
  }
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before + 100);
  await expect(page.locator('.anuncio-detail').getByRole('slider', { name: `Fotos: ${listing.title}` })).toHaveAttribute('aria-valuetext', `Foto 1 de ${count()}`);
});

/** The carousel's code, brought by focusing its control (as Tab does). */
async function bringCarousel(page: Page) {
  await page.locator('.anuncio-detail').getByRole('slider', { name: `Fotos: ${listing.title}` }).focus();
  await expect(page.locator('.anuncio-detail .slick-slider')).toBeVisible();
}

/** A one-finger horizontal move at height y, from x `from` to x `to` (CDP touch events: a real touch). */
async function swipe(page: Page, from: number, to: number, y: number) {
  await drag(page, { x: from, y }, { x: to, y });
}

/** One finger from `a` to `b` in ten moves. */
async function drag(page: Page, a: { x: number; y: number }, b: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  const at = (i: number) => [{ x: a.x + ((b.x - a.x) * i) / 10, y: a.y + ((b.y - a.y) * i) / 10 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let i = 1; i <= 10; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(i) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}
