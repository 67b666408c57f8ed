import fs from 'node:fs';
import path from 'node:path';
import { COMPONENTS, PAGES, REMOTE_DIRS, REMOTES, ROUTES, exposesOf, pathPattern } from './index';

const ROOT = path.resolve(__dirname, '..', '..');

describe('the page manifest', () => {
  it("names files that exist, each in its remote's folder; a page in the remote's pages/ (the standalone harness finds it there)", () => {
    for (const entry of [...PAGES, ...COMPONENTS]) {
      expect(fs.existsSync(path.join(ROOT, entry.module))).toBe(true);
      expect(entry.module.startsWith(`${REMOTE_DIRS[entry.remote]}/src/`)).toBe(true);
    }
    for (const page of PAGES) expect(page.module).toMatch(new RegExp(`^${REMOTE_DIRS[page.remote]}/src/pages/[a-z-]+-page\\.tsx$`));
  });

  it('has one page per path and per id, and one file per expose', () => {
    expect(new Set(PAGES.map((p) => p.path)).size).toBe(PAGES.length);
    expect(new Set(PAGES.map((p) => p.id)).size).toBe(PAGES.length);
    expect(ROUTES.anuncioDetail).toBe('/anuncioDetailedView/:anuncioId');
    expect(ROUTES.home).toBe('/');
  });

  it("gives each remote's webpack exposes, pointing at the pages themselves", () => {
    expect(exposesOf('mf_search')).toEqual({ './HomePage': './src/pages/home-page.tsx' });
    expect(exposesOf('mf_listing')['./AnuncioCard']).toBe('./src/features/anuncio-card/components/anuncio-card.tsx');
    expect(REMOTES.mf_publish.exposes).toEqual(['./MisAnunciosPage', './AgregarAnuncioPage', './EditarAnuncioPage', './RenovarAnuncioPage']);
  });

  it('matches addresses as the site server needs: a parameter is one segment, /* anything below', () => {
    const test = (route: string, url: string) => pathPattern(route).test(url);
    expect(test('/', '/')).toBe(true);
    expect(test('/', '/login')).toBe(false);
    expect(test('/resetPassword/:id/:token', '/resetPassword/u1/t1')).toBe(true);
    expect(test('/resetPassword/:id/:token', '/resetPassword/u1')).toBe(false);
    expect(test('/venta/*', '/venta')).toBe(true);
    expect(test('/venta/*', '/venta/apartamento/piantini')).toBe(true);
    expect(test('/venta/*', '/ventas')).toBe(false);
  });
});
