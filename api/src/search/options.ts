/**
 * The option lists every search answer carries (the places, regions and localities with at least
 * one searchable listing), read from the facet table `search_facets` kept by the search table's
 * trigger: no DISTINCT over the listings.
 */
import { and, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { searchFacets } from '../db/schema';
import type { OptionLists } from './limits';

const spanishCollator = new Intl.Collator('es', { sensitivity: 'base' });

export async function optionLists(db: Db): Promise<OptionLists> {
  const rows = await db
    .select({ kind: searchFacets.kind, value: searchFacets.value })
    .from(searchFacets)
    .where(and(gt(searchFacets.n, 0), inArray(searchFacets.kind, ['place', 'region', 'locality'])));
  const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.value).sort(spanishCollator.compare);
  return { placeOptions: of('place'), regionOptions: of('region'), localityOptions: of('locality') };
}
