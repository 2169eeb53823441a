/**
 * The product's name, alone: the app's islands import this rather than `site.ts`, whose company
 * facts, their build-time variables and the code that reads them are for the build, not the
 * browser (issue 26's first-load budget).
 */
export const PRODUCT_NAME = 'KI Akademiet';
