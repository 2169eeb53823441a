/** Islands import this rather than site.ts, whose company facts are for the build, not the browser. */
export const PRODUCT_NAME = 'KI Akademiet';
