/** Business constants and limits of SPEC §9. */

export const PAGE_SIZE = 12;
export const DEFAULT_ANUNCIOS_DISPONIBLES = 5;
export const FREE_PLAN_COUNT = 5;

export const MAX_IMAGES = 30;
/** Target size of each photo after compression in the browser. */
export const IMAGE_TARGET_MB = 0.1;
export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

export const GEOCODER = { country: 'do', limit: 8, minLength: 2, debounceMs: 200 } as const;

export const MAP = {
  zoom: 13,
  heightPx: 500,
  minZoom: 0,
  maxZoom: 22,
  /** Default centre: Santo Domingo (Parque Independencia). */
  defaultCenter: { lat: 18.4722, lng: -69.8923 },
} as const;

/** Dominican Republic bounding box (the gazetteer's); listings must lie inside it. */
export const DO_BBOX = { latMin: 17.3, latMax: 20.0, lngMin: -72.1, lngMax: -68.2 } as const;

export const CARD_IMAGE_HEIGHT = 220;
export const DETAIL_IMAGE_HEIGHT = { wide: 600, narrow: 300 } as const;
/**
 * Up to this many photos a carousel shows one dot per photo; beyond it a counter ('3 / 30') with
 * previous/next buttons, so 30 photos never make rows of dots over the photo (issue 39). Seven
 * dots (30 px each) fit the narrowest carousel, the map popup's 230 px.
 */
export const CAROUSEL_MAX_DOTS = 7;
export const DESCRIPTION_CLAMP_LINES = 3;
export const DESKTOP_CARDS_PER_ROW = 4;

/** UI kit breakpoints (px); wide versus narrow is 'sm'. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;

export const DRAWER_Z_INDEX = 1000000;
export const BRAND_ORANGE = '#c2410c';

export const NAME_MIN_LENGTH = 2;
export const MIN_AGE = 18;
export const PASSWORD_CHECKLIST_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const STRENGTH_FLOOR = 10;

export const COPYRIGHT_YEAR = 2024;

export interface Plan {
  /** The plan's value: the listing count it grants (SPEC §3 "Plan"). */
  count: 5 | 1 | 10 | 20;
  name: string;
  price: string;
  /** The card's bullets after the listing count (see planBenefits). */
  benefits: readonly string[];
  selectable: boolean;
}

/**
 * SPEC §9 plans: only Gratis can be chosen; the card texts are the SPEC's, values included,
 * except its "indefinite visibility": listings expire after LISTING_TTL_DAYS and are renewed
 * (issue 39), which planBenefits says instead.
 */
export const PLANS: readonly Plan[] = [
  { count: 5, name: 'Gratis', price: 'US$0.00', benefits: ['5 anuncios', 'Los compradores pueden contactarte', 'Oferta limitada'], selectable: true },
  { count: 1, name: 'Individual', price: 'US$5.00', benefits: ['1 anuncio', 'Los compradores pueden contactarte'], selectable: false },
  { count: 10, name: 'Basico', price: 'US$10.00', benefits: ['3 anuncios', 'Los compradores pueden contactarte'], selectable: false },
  { count: 20, name: 'Super', price: 'US$30.00', benefits: ['10 anuncios', 'Los compradores pueden contactarte'], selectable: false },
] as const;

/** How long a listing shows, in the plan cards' words: 'Cada anuncio visible 90 días, renovable'. */
export const visibilityBenefit = (listingTtlDays: number) => `Cada anuncio visible ${listingTtlDays} días, renovable`;

/** A plan card's bullets: its listing count, how long each listing shows (LISTING_TTL_DAYS), the rest. */
export function planBenefits(plan: Plan, listingTtlDays: number): string[] {
  const [count, ...rest] = plan.benefits;
  return [count, visibilityBenefit(listingTtlDays), ...rest];
}
export const PLAN_COUNTS = PLANS.map((p) => p.count);

export const COLOR_SCHEMES = ['auto', 'dark', 'light'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
/** localStorage key of the colour scheme (the UI kit's key). */
export const COLOR_SCHEME_STORAGE_KEY = 'antd-color-scheme';
export const USER_STORAGE_KEY = 'user';
export const CHOSEN_PLAN_STORAGE_KEY = 'planElegido';

/** antd theme tokens: the SPEC's breakpoints and the brand colour (no antd import here). */
export const ANTD_THEME_TOKENS = {
  colorPrimary: '#c2410c',
  borderRadius: 8,
  screenXS: 0,
  screenXSMin: 0,
  screenXSMax: BREAKPOINTS.sm - 1,
  screenSM: BREAKPOINTS.sm,
  screenSMMin: BREAKPOINTS.sm,
  screenSMMax: BREAKPOINTS.md - 1,
  screenMD: BREAKPOINTS.md,
  screenMDMin: BREAKPOINTS.md,
  screenMDMax: BREAKPOINTS.lg - 1,
  screenLG: BREAKPOINTS.lg,
  screenLGMin: BREAKPOINTS.lg,
  screenLGMax: BREAKPOINTS.xl - 1,
  screenXL: BREAKPOINTS.xl,
  screenXLMin: BREAKPOINTS.xl,
  // xxl keeps antd's default (1600), so xl spans 1536-1599.
  screenXLMax: 1599,
} as const;
