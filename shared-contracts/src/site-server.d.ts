/** Types of site-server.js. */
export declare const SITE_KEY_HEADER: string;
export declare const REQUEST_ID_HEADER: string;
export declare const REQUEST_ID_MAX: number;
export declare function acceptedRequestId(value: string | string[] | undefined): string | null;
export declare function shutdownGraceMs(env: Record<string, string | undefined>): number;
