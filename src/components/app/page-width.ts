/**
 * The public pages' content column (SiteHeader, SiteFooter and the landing sections use
 * `mx-auto max-w-6xl px-4`), so the dashboard lines up with the site it replaces.
 */
export const pageWidth = 'mx-auto w-full max-w-6xl px-4';
