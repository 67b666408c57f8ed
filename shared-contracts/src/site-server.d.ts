/** Types of site-server.js. */
export declare const SITE_KEY_HEADER: string;
