/**
 * The search's figures and the shapes its parts pass each other
 * (docs/decisions/0005-search-table-and-estimated-counts.md): counts exact up to `exactLimit`
 * matches (and always for the home page and a lone place, region or locality), estimated above
 * it (standard error ≈ 1 %, flagged), and the depths from which a page is read otherwise.
 */
import type { AnuncioRow } from '../db/schema';

export interface Counted {
  count: number;
  /** True when the count is an estimate (within about 2 %), false when exact. */
  estimated: boolean;
}

export interface CountLimits {
  /** At most this many matches are counted one by one before the count is estimated. */
  exactLimit: number;
  /** Matching rows read from the sample for an estimate: relative standard error 1/√10000 = 1 %. */
  sampleTarget: number;
  /**
   * Estimated below this, a full exact count costs no more than a fine sample would, when the
   * sample must come from the whole table (no province, place, type or purpose filter). With one
   * of those, the sample reads only that prefix (stratified indexes) and the band shrinks to
   * 2 × sampleTarget.
   */
  exactUpTo: number;
  /** Counts from the count cube when it can answer (cube.ts); false only to measure without it. */
  cube: boolean;
}
export const COUNT_LIMITS: CountLimits = { exactLimit: 5000, sampleTarget: 10_000, exactUpTo: 100_000, cube: true };

/** From this offset on, a page is read from the far end when that end is closer, or from an anchor. */
export const FAR_END_FROM = 1200;
/** Anchors: the place in the order of every ANCHOR_EVERY-th match. */
export const ANCHOR_EVERY = 1000;

/** A count, and when it was read together with its matches, the page asked for (searchCount's `asked`). */
export interface CountedPage extends Counted {
  page?: { offset: number; rows: AnuncioRow[] };
}

export interface OptionLists {
  placeOptions: string[];
  regionOptions: string[];
  localityOptions: string[];
}
