/**
 * The landing pages' address of every gazetteer place (/venta/apartamento/piantini): one slug per
 * province, municipality and sector, never two places for one slug. Accents, ñ and spaces fold as
 * `slugify` (shared-contracts/landing.ts) folds them: "Bávaro" -> bavaro, "Peña" -> pena.
 *
 * Who gets the plain slug when names repeat: provinces first, then municipalities, then sectors,
 * each in the file's order; a later place gets its parent's name after its own
 * ("santiago-santiago" for the municipality, "bella-vista-santiago" for Santiago's Bella Vista).
 * Other names ("Ensanche Naco", "Zona Colonial") lead to the same place when no place has that
 * slug already.
 */
import { slugify } from 'shared-contracts';
import { getGazetteer, type PlaceEntry, type PlaceKind } from './gazetteer';

export interface PlaceSlug {
  /** The place's own slug (the canonical address), also when it was reached by another name. */
  slug: string;
  kind: PlaceKind;
  name: string;
  entry: PlaceEntry;
}

interface SlugIndex {
  bySlug: Map<string, PlaceSlug>;
  /** kind + name -> canonical slug, for writing the address of a listing's place. */
  byName: Map<string, string>;
}

const nameKey = (kind: PlaceKind, name: string) => `${kind}\u0000${name}`;

function build(entries: PlaceEntry[]): SlugIndex {
  const bySlug = new Map<string, PlaceSlug>();
  const byName = new Map<string, string>();
  for (const entry of entries) {
    const own = slugify(entry.name);
    const parent = entry.kind === 'locality' ? entry.municipality!.name : entry.province.name;
    const slug = [own, `${own}-${slugify(parent)}`, `${own}-${slugify(entry.id)}`].find((s) => s && !bySlug.has(s));
    if (!slug) continue;
    bySlug.set(slug, { slug, kind: entry.kind, name: entry.name, entry });
    const key = nameKey(entry.kind, entry.name);
    if (!byName.has(key)) byName.set(key, slug);
  }
  const canonical = [...bySlug.values()];
  for (const place of canonical) {
    for (const alt of place.entry.alt) {
      const s = slugify(alt);
      if (s && !bySlug.has(s)) bySlug.set(s, place);
    }
  }
  return { bySlug, byName };
}

let cached: SlugIndex | null = null;
function index(): SlugIndex {
  if (!cached) cached = build(getGazetteer().entries);
  return cached;
}

/** The gazetteer place a landing slug names, or undefined. */
export function placeBySlug(slug: string): PlaceSlug | undefined {
  return index().bySlug.get(slug);
}

/** The landing slug of a listing's region (province), place (municipality) or locality (sector). */
export function slugOfPlace(kind: PlaceKind, name: string): string {
  return index().byName.get(nameKey(kind, name)) ?? slugify(name);
}

/** Every slug the gazetteer answers (its own and other names). */
export function allPlaceSlugs(): string[] {
  return [...index().bySlug.keys()];
}
