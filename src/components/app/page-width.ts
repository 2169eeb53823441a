/** The public pages' content column, so the dashboard lines up with the site. */
export const pageWidth = 'mx-auto w-full max-w-6xl px-4';
