/** Types of map-defaults.js. */
export declare const DEFAULT_TILE_URL: string;
