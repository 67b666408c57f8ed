/**
 * Which place a landing page's slug names (/venta/apartamento/piantini): a gazetteer place first
 * (geocoder/slugs.ts), else a place the searchable listings have under a name the gazetteer does
 * not know (a partner's or a seller's own spelling). Unknown: null, and the page answers 404.
 */
import { slugify, type LugarResponse } from 'shared-contracts';
import { placeBySlug } from '../geocoder';
import type { OptionLists } from '../search';

type Campo = keyof LugarResponse['filtros'];

/** slug -> listing value, per option lists (a new lists object comes with each change). */
const listingSlugs = new WeakMap<OptionLists, Map<string, { campo: Campo; nombre: string }>>();

function slugsOf(options: OptionLists) {
  let map = listingSlugs.get(options);
  if (!map) {
    map = new Map();
    // region first, as the landing pages always read them
    const lists: [Campo, string[]][] = [['region', options.regionOptions], ['locality', options.localityOptions], ['place', options.placeOptions]];
    for (const [campo, values] of lists) {
      for (const nombre of values) {
        const slug = slugify(nombre);
        if (slug && !map.has(slug)) map.set(slug, { campo, nombre });
      }
    }
    listingSlugs.set(options, map);
  }
  return map;
}

export function resolveLugar(slug: string, options: OptionLists): LugarResponse | null {
  const known = placeBySlug(slug);
  if (known) return { slug: known.slug, nombre: known.name, filtros: { ...known.filters } };
  const listed = slugsOf(options).get(slug);
  return listed ? { slug, nombre: listed.nombre, filtros: { [listed.campo]: listed.nombre } } : null;
}
