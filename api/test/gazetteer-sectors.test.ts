/**
 * The gazetteer's sectors (issue 39): the well-known ones of Santo Domingo, Santiago and the
 * tourist areas are there, every point lies in the Dominican Republic and comes from a recorded,
 * licensed source (or is openly its municipality's), and every place has one landing slug.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DATA_ATTRIBUTION, slugify } from 'shared-contracts';
import { allPlaceSlugs, getGazetteer, placeBySlug, slugOfPlace } from '../src/geocoder';

const g = getGazetteer();
const readme = fs.readFileSync(path.join(__dirname, '..', 'data', 'README.md'), 'utf8');

const WANTED: Record<string, string[]> = {
  'Santo Domingo de Guzmán': ['Piantini', 'Naco', 'Evaristo Morales', 'Serrallés', 'Bella Vista', 'Gazcue', 'Ciudad Colonial', 'Arroyo Hondo', 'Los Prados', 'Los Cacicazgos', 'Mirador Sur', 'Paraíso', 'Julieta Morales', 'La Esperilla', 'Renacimiento', 'Urbanización Real', 'Quisqueya', 'La Julia'],
  'Santo Domingo Este': ['Alma Rosa', 'Villa Duarte', 'Los Mameyes'],
  Santiago: ['Los Jardines Metropolitanos', 'Los Cerros de Gurabo', 'Villa Olga', 'Reparto del Este', 'La Trinitaria', 'Bella Vista'],
  Higüey: ['Bávaro', 'Punta Cana', 'Cap Cana', 'El Cortecito', 'Uvero Alto'],
  Guayacanes: ['Juan Dolio'],
  'La Romana': ['Casa de Campo'],
  Samaná: ['Las Galeras'],
  'San Rafael del Yuma': ['Bayahíbe'],
  Sosúa: ['Cabarete'],
};

describe('gazetteer sectors (issue 39)', () => {
  test('the well-known sectors of Santo Domingo, Santiago and the tourist areas are there, in their municipality', () => {
    for (const [municipio, sectors] of Object.entries(WANTED)) {
      const m = g.municipalities.find((x) => x.name === municipio)!;
      expect(m).toBeDefined();
      const names = g.sectors.filter((s) => s.municipality === m.id).map((s) => s.name);
      expect(names).toEqual(expect.arrayContaining(sectors));
    }
    // Las Terrenas and Sosúa are municipalities: landing pages and search know them as such
    expect(placeBySlug('las-terrenas')).toMatchObject({ kind: 'place', name: 'Las Terrenas' });
    expect(placeBySlug('sosua')).toMatchObject({ kind: 'place', name: 'Sosúa' });
  });

  test('every point lies inside the Dominican Republic; ids are unique; every sector has its municipality', () => {
    const { bbox } = g.file;
    for (const p of [...g.provinces, ...g.municipalities, ...g.sectors]) {
      expect([p.id, p.lat >= bbox.lat_min && p.lat <= bbox.lat_max && p.lng >= bbox.lng_min && p.lng <= bbox.lng_max]).toEqual([p.id, true]);
    }
    const ids = g.sectors.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const s of g.sectors) expect([s.id, g.municipalityById.has(s.municipality)]).toEqual([s.id, true]);
  });

  test('each point names its source; a sector without a licensed point is marked and sits on its municipality, never a typed guess', () => {
    const raw = g.file.sectors as (typeof g.sectors[number] & { src: string; via?: string })[];
    for (const s of raw) {
      if (s.approx) {
        const m = g.municipalityById.get(s.municipality)!;
        expect([s.id, s.src, s.lat, s.lng]).toEqual([s.id, `municipality:${m.id}`, m.lat, m.lng]);
      } else {
        expect([s.id, /^(geonames:|dr5hn:city\/)/.test(s.src)]).toEqual([s.id, true]);
      }
      if (s.via) expect(s.via).toMatch(/^wof:\d+$/);
    }
    expect(raw.filter((s) => s.via).length).toBeGreaterThanOrEqual(30);
  });

  test("the licences are recorded: Who's On First and GeoNames in the file, its README and the footer's notice", () => {
    const wof = (g.file as unknown as { source: { id: string; license: string; commit: string; repository: string }[] }).source.find((s) => s.id === 'wof')!;
    expect(wof.repository).toBe('https://github.com/whosonfirst-data/whosonfirst-data-admin-do');
    expect(wof.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(wof.license).toMatch(/CC0-1\.0/);
    expect(wof.license).toMatch(/CC-BY-4\.0/);
    expect(g.file.attribution).toContain("Who's On First");
    expect(readme).toContain(wof.commit);
    expect(readme).toContain("Who's On First");
    expect(DATA_ATTRIBUTION).toContain("Who's On First");
    expect(DATA_ATTRIBUTION).toContain('GeoNames');
  });

  test('one slug per place, none shared; accents, ñ and spaces fold; other names lead to the same place', () => {
    const slugs = allPlaceSlugs();
    expect(new Set(slugs).size).toBe(slugs.length);
    const parent = (e: (typeof g.entries)[number]) => (e.kind === 'locality' ? e.municipality!.name : e.province.name);
    for (const e of g.entries) {
      const slug = slugOfPlace(e.kind, e.name, parent(e));
      expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect([e.kind, e.name, placeBySlug(slug)?.entry]).toEqual([e.kind, e.name, e]);
    }
    const canonical = new Set(g.entries.map((e) => slugOfPlace(e.kind, e.name, parent(e))));
    expect(canonical.size).toBe(g.entries.length);
    expect(placeBySlug('piantini')).toMatchObject({ kind: 'locality', name: 'Piantini', slug: 'piantini' });
    expect(placeBySlug('bavaro')).toMatchObject({ name: 'Bávaro', slug: 'bavaro' });
    expect(placeBySlug(slugify('Monseñor Nouel'))).toMatchObject({ kind: 'region', name: 'Monseñor Nouel', slug: 'monsenor-nouel' });
    expect(placeBySlug('ensanche-naco')).toMatchObject({ name: 'Naco', slug: 'naco' });
    expect(placeBySlug('zona-colonial')).toMatchObject({ name: 'Ciudad Colonial', slug: 'ciudad-colonial' });
    // a name two places share: the first keeps it, the other gets its municipality's after it
    expect(placeBySlug('bella-vista')?.entry.municipality?.name).toBe('Santo Domingo de Guzmán');
    expect(placeBySlug('bella-vista-santiago')?.entry.municipality?.name).toBe('Santiago');
    expect(placeBySlug('santiago')?.kind).toBe('region');
    expect(placeBySlug('foo')).toBeUndefined();
  });
});
