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

export type PlaceFilters = Partial<Record<PlaceKind, string>>;

export interface PlaceSlug {
  /** The place's own slug (the canonical address), also when it was reached by another name. */
  slug: string;
  kind: PlaceKind;
  name: string;
  entry: PlaceEntry;
  /**
   * The listing filters that are this place: its name in its field (region = province, place =
   * municipality, locality = sector), and its parent's name too when another place of its kind has
   * the same name (Bella Vista of Santiago: locality and place), so one page never mixes two places.
   */
  filters: PlaceFilters;
}

interface SlugIndex {
  bySlug: Map<string, PlaceSlug>;
  /** kind + name -> the places of that name (several when names repeat). */
  byName: Map<string, PlaceSlug[]>;
}

const nameKey = (kind: PlaceKind, name: string) => `${kind}\u0000${name}`;
/** The name of the place one level up: a sector's municipality, a municipality's province. */
const parentOf = (e: PlaceEntry) => (e.kind === 'locality' ? e.municipality!.name : e.province.name);
const PARENT_FIELD: Record<PlaceKind, PlaceKind | null> = { region: null, place: 'region', locality: 'place' };

function build(entries: PlaceEntry[]): SlugIndex {
  const bySlug = new Map<string, PlaceSlug>();
  const byName = new Map<string, PlaceSlug[]>();
  for (const entry of entries) {
    const own = slugify(entry.name);
    const slug = [own, `${own}-${slugify(parentOf(entry))}`, `${own}-${slugify(entry.id)}`].find((s) => s && !bySlug.has(s));
    if (!slug) continue;
    const place: PlaceSlug = { slug, kind: entry.kind, name: entry.name, entry, filters: { [entry.kind]: entry.name } };
    bySlug.set(slug, place);
    const key = nameKey(entry.kind, entry.name);
    byName.set(key, [...(byName.get(key) ?? []), place]);
  }
  for (const same of byName.values()) {
    if (same.length < 2) continue;
    for (const place of same) {
      const field = PARENT_FIELD[place.kind];
      if (field) place.filters[field] = parentOf(place.entry);
    }
  }
  for (const place of [...bySlug.values()]) {
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

/**
 * The landing slug of a listing's region (province), place (municipality) or locality (sector);
 * `parent`: the listing's municipality (for a locality) or province (for a place), which tells
 * apart places of the same name.
 */
export function slugOfPlace(kind: PlaceKind, name: string, parent?: string): string {
  const places = index().byName.get(nameKey(kind, name));
  if (!places) return slugify(name);
  return (places.find((p) => parentOf(p.entry) === parent) ?? places[0]).slug;
}

/** Every slug the gazetteer answers (its own and other names). */
export function allPlaceSlugs(): string[] {
  return [...index().bySlug.keys()];
}
